package io.equitoken.webhooks.delivery;

import io.equitoken.webhooks.delivery.DeliveryQueue.Recording;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.MonoSink;

/**
 * Records attempt outcomes, many in one statement under load: while one batch is written, the next
 * one gathers (no timer, so a lone outcome is written at once). A batch the database refuses is
 * retried one outcome at a time, so that one bad row fails only its own attempt (which is then
 * retried when its lease ends, as before).
 */
final class OutcomeRecorder {

  private final DeliveryQueue deliveryQueue;
  private final int maxBatch;
  private final int maxWriters;
  private final ArrayDeque<Waiting> queue = new ArrayDeque<>();
  private int writers;

  OutcomeRecorder(DeliveryQueue deliveryQueue, int maxBatch, int maxWriters) {
    this.deliveryQueue = deliveryQueue;
    this.maxBatch = maxBatch;
    this.maxWriters = maxWriters;
  }

  /** Completes once the outcome is stored (or fails if it could not be). */
  Mono<Void> record(Recording recording) {
    return Mono.create(
        sink -> {
          boolean start;
          synchronized (this) {
            queue.add(new Waiting(recording, sink));
            start = writers < maxWriters;
            if (start) {
              writers++;
            }
          }
          if (start) {
            writeNext();
          }
        });
  }

  private void writeNext() {
    List<Waiting> batch = new ArrayList<>();
    synchronized (this) {
      while (!queue.isEmpty() && batch.size() < maxBatch) {
        batch.add(queue.poll());
      }
      if (batch.isEmpty()) {
        writers--;
        return;
      }
    }
    deliveryQueue
        .record(batch.stream().map(Waiting::recording).toList())
        .then(Mono.fromRunnable(() -> batch.forEach(w -> w.sink().success())))
        .onErrorResume(error -> batch.size() == 1 ? fail(batch.get(0), error) : oneByOne(batch))
        .doFinally(signal -> writeNext())
        .subscribe();
  }

  private Mono<Void> oneByOne(List<Waiting> batch) {
    return Flux.fromIterable(batch)
        .concatMap(
            w ->
                deliveryQueue
                    .record(List.of(w.recording()))
                    .then(Mono.fromRunnable(() -> w.sink().success()))
                    .onErrorResume(error -> fail(w, error)))
        .then();
  }

  private static Mono<Void> fail(Waiting waiting, Throwable error) {
    return Mono.fromRunnable(() -> waiting.sink().error(error));
  }

  private record Waiting(Recording recording, MonoSink<Void> sink) {}
}
