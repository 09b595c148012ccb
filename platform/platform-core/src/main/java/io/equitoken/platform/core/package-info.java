/**
 * Framework-free platform types every service's domain may use: {@link
 * io.equitoken.platform.core.Roles}, {@link io.equitoken.platform.core.Refusal} with {@link
 * io.equitoken.platform.core.RefusedException}, and the {@link
 * io.equitoken.platform.core.Transactions} port. No Spring, no domain types.
 */
package io.equitoken.platform.core;
