package io.equitoken.compliance.kyc;

import java.util.UUID;

/** What may be shown about a stored document without opening it. */
public record DocumentInfo(
    UUID id, int position, DocumentType type, String contentType, long size, String sha256) {}
