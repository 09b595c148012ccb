package io.equitoken.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.core.TransactionLocks;
import io.equitoken.platform.core.Transactions;
import io.equitoken.platform.test.TestInfrastructure;
import io.equitoken.platform.test.TestJwtIssuer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/**
 * platform-web's {@link TransactionLocks} on PostgreSQL: a named lock is held by one transaction at
 * a time, across connections, until that transaction ends.
 */
@SpringBootTest(classes = WebTestApplication.class)
class TransactionLocksIT {

  static final Duration WAIT = Duration.ofSeconds(30);

  @DynamicPropertySource
  static void infrastructure(DynamicPropertyRegistry registry) {
    TestJwtIssuer.register(registry);
    TestInfrastructure.registerDatabase(registry, "platformweb");
  }

  @Autowired Transactions transactions;
  @Autowired TransactionLocks locks;

  @Test
  void tryLockIsRefusedWhileAnotherTransactionHoldsTheLockAndGrantedOnceItEnds()
      throws InterruptedException {
    Sinks.One<Boolean> release = Sinks.one();
    CountDownLatch held = new CountDownLatch(1);
    var holder =
        transactions
            .inTransaction(
                locks
                    .tryLock("clock:tryLock")
                    .doOnNext(ok -> held.countDown())
                    .flatMap(ok -> release.asMono().thenReturn(ok)))
            .toFuture();
    assertThat(held.await(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();

    assertThat(transactions.inTransaction(locks.tryLock("clock:tryLock")).block(WAIT)).isFalse();
    assertThat(transactions.inTransaction(locks.tryLock("another-name")).block(WAIT)).isTrue();

    release.tryEmitValue(true);
    assertThat(holder.join()).isTrue();
    assertThat(transactions.inTransaction(locks.tryLock("clock:tryLock")).block(WAIT)).isTrue();
  }

  @Test
  void lockWaitsForTheHolderToEnd() throws Exception {
    List<String> order = new CopyOnWriteArrayList<>();
    Sinks.One<Boolean> release = Sinks.one();
    CountDownLatch held = new CountDownLatch(1);
    var holder =
        transactions
            .inTransaction(
                locks
                    .lock("window:overlap")
                    .then(Mono.fromRunnable(held::countDown))
                    .then(release.asMono())
                    .doOnNext(ok -> order.add("first released")))
            .toFuture();
    assertThat(held.await(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();

    var waiter =
        transactions
            .inTransaction(
                locks
                    .lock("window:overlap")
                    .then(Mono.fromRunnable(() -> order.add("second locked"))))
            .toFuture();
    release.tryEmitValue(true);
    holder.join();
    waiter.get(WAIT.toSeconds(), TimeUnit.SECONDS);

    assertThat(order).containsExactly("first released", "second locked");
  }
}
