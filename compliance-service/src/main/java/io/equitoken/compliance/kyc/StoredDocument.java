package io.equitoken.compliance.kyc;

import io.equitoken.compliance.document.EncryptedContent;

/** A document as kept at rest: its metadata and its sealed content. */
public record StoredDocument(DocumentInfo info, EncryptedContent content) {}
