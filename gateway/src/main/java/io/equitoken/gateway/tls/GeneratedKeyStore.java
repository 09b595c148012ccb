package io.equitoken.gateway.tls;

import java.nio.file.Path;

/** Where the local certificate lives: the PKCS12 keystore, its password and the public PEM. */
public record GeneratedKeyStore(
    Path keyStore, String password, String alias, Path certificatePem, boolean reused) {}
