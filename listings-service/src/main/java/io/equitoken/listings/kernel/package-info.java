/**
 * The few neutral building blocks every feature of this service shares: exact amounts, ids and the
 * transaction port. No domain rules live here.
 */
package io.equitoken.listings.kernel;
