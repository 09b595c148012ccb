/**
 * Framework-free platform types every service's domain may use: {@link
 * io.equitoken.platform.core.Roles}, {@link io.equitoken.platform.core.Refusal} with {@link
 * io.equitoken.platform.core.RefusedException}, the {@link io.equitoken.platform.core.Transactions}
 * port and {@link io.equitoken.platform.core.SealedSecret} (AES-256-GCM for secrets at rest). No
 * Spring, no domain types.
 */
package io.equitoken.platform.core;
