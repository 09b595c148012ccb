package io.equitoken.local;

import sun.misc.Signal;

/**
 * Ctrl-C and SIGTERM handled by the launcher itself instead of by JVM shutdown: shutdown hooks run
 * concurrently (zonky registers its own, which would stop PostgreSQL while services still use it),
 * while this handler stops everything in order before the JVM exits.
 */
final class Signals {

  private Signals() {}

  static void onInterrupt(Runnable stop) {
    Thread[] running = new Thread[1];
    for (String name : new String[] {"INT", "TERM"}) {
      Signal.handle(
          new Signal(name),
          signal -> {
            synchronized (running) {
              if (running[0] == null) {
                running[0] = new Thread(stop, "platform-local-" + name.toLowerCase());
                running[0].start();
              }
            }
          });
    }
  }
}
