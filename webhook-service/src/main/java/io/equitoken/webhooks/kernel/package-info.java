/** Small values every feature package shares: refusals. No Spring, no adapters. */
package io.equitoken.webhooks.kernel;
