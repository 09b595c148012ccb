package io.equitoken.trading.matcher.kafka;

import io.equitoken.trading.matcher.core.Commands;
import io.equitoken.trading.matcher.core.MatcherCommand;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Seeded random trading sessions over several tokens, interleaved, with relay duplicates. */
final class Sessions {

  static final List<String> OWNERS = List.of(Commands.ISSUER, "alice", "bob", "carol", "dave");

  private Sessions() {}

  /** Per token: register, open, {@code steps} random commands, close, more orders (rejected). */
  static List<MatcherCommand> random(long seed, List<String> tokens, int steps) {
    Random random = new Random(seed);
    List<List<MatcherCommand>> perToken = new ArrayList<>();
    for (String token : tokens) {
      Commands c = new Commands(token);
      List<MatcherCommand> list = new ArrayList<>();
      list.add(c.register("100000", "10"));
      list.add(c.open("W1", "continuous", null));
      List<String[]> placed = new ArrayList<>();
      for (int i = 0; i < steps; i++) {
        int kind = random.nextInt(20);
        String owner = OWNERS.get(random.nextInt(OWNERS.size()));
        if (kind < 14) {
          String order = token + "/O" + i;
          boolean sell = owner.equals(Commands.ISSUER) || random.nextInt(3) == 0;
          int price = 950 + random.nextInt(100);
          list.add(
              c.place(
                  order,
                  owner,
                  "W1",
                  sell ? "sell" : "buy",
                  String.valueOf(1 + random.nextInt(200)),
                  String.valueOf(price / 100.0)));
          placed.add(new String[] {order, owner});
        } else if (kind < 16 && !placed.isEmpty()) {
          String[] o = placed.get(random.nextInt(placed.size()));
          list.add(c.cancel(o[0], o[1]));
        } else if (kind < 17) {
          list.add(
              c.transfer(
                  token + "/T" + i,
                  owner,
                  OWNERS.get(random.nextInt(OWNERS.size())),
                  String.valueOf(1 + random.nextInt(50))));
        } else if (kind < 19 && !list.isEmpty()) {
          list.add(list.get(list.size() - 1)); // a duplicate command
        } else {
          list.add(c.indicate("W1"));
        }
      }
      list.add(c.close("W1"));
      list.add(c.place(token + "/late", "alice", "W1", "buy", "1", "10"));
      perToken.add(list);
    }
    List<MatcherCommand> out = new ArrayList<>();
    int[] next = new int[perToken.size()];
    int left = perToken.stream().mapToInt(List::size).sum();
    while (left > 0) {
      int t = random.nextInt(perToken.size());
      if (next[t] < perToken.get(t).size()) {
        out.add(perToken.get(t).get(next[t]++));
        left--;
      }
    }
    return out;
  }
}
