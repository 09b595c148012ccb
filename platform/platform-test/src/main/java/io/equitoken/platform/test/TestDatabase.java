package io.equitoken.platform.test;

/** One service's database on the shared test PostgreSQL, with its own login role. */
public record TestDatabase(String host, int port, String name, String username, String password) {

  public String jdbcUrl() {
    return "jdbc:postgresql://" + host + ":" + port + "/" + name;
  }

  public String r2dbcUrl() {
    return "r2dbc:postgresql://" + host + ":" + port + "/" + name;
  }
}
