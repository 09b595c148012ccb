package io.equitoken.benchmarks;

/** What exchange-core 0.5.3 (Java 8 era) needs to run on Java 17. */
final class JvmFlags {
  static final String ADD_OPENS_1 = "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED";
  static final String ADD_OPENS_2 = "--add-exports=java.base/jdk.internal.ref=ALL-UNNAMED";
  static final String ADD_OPENS_3 = "--add-opens=java.base/java.lang=ALL-UNNAMED";
  static final String ADD_OPENS_4 = "--add-opens=java.base/java.nio=ALL-UNNAMED";
  static final String ADD_OPENS_5 = "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED";
  static final String ADD_OPENS_6 = "--add-opens=jdk.unsupported/sun.misc=ALL-UNNAMED";
  static final String ADD_OPENS_7 = "--add-opens=java.base/jdk.internal.ref=ALL-UNNAMED";
  static final String ADD_OPENS_8 = "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED";

  private JvmFlags() {}
}
