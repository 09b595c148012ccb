package io.equitoken.trading.matcher.core;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** The events one command causes, in order, with ids derived from the command's id and time. */
final class Out {

  private final MatcherCommand command;
  private final List<MatcherEvent> events = new ArrayList<>();

  Out(MatcherCommand command) {
    this.command = command;
  }

  /** The command's time: the time of each event it causes. */
  Instant at() {
    return command.at();
  }

  void emit(TradingEvent data) {
    events.add(
        new MatcherEvent(
            MatcherEvent.idOf(command.commandId(), command.at(), events.size()),
            MatcherEvent.TYPE_PREFIX + data.name() + ".v1",
            command.tokenId(),
            command.at(),
            data));
  }

  List<MatcherEvent> events() {
    return events;
  }
}
