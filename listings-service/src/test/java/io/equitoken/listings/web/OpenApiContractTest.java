package io.equitoken.listings.web;

import io.equitoken.platform.test.OpenApiContract;
import org.junit.jupiter.api.Test;

/** Keeps contracts/openapi/listings-service.yaml in step with the code. */
class OpenApiContractTest {

  private final OpenApiContract contract = OpenApiContract.of("listings-service");

  @Test
  void shouldDocumentExactlyTheEndpointsOfTheRoleMatrix() {
    contract.assertDocumentsExactly(new ListingsRoleMatrix().roleMatrix());
  }

  @Test
  void shouldDocumentEveryResponseFieldAsRequired() {
    contract.assertRequiredFields("ListingSummary", ListingResponses.ListingSummary.class);
    contract.assertRequiredFields("ListingDetail", ListingResponses.ListingDetail.class);
    contract.assertRequiredFields("Token", ListingResponses.TokenView.class);
    contract.assertRequiredFields("Compartment", ListingResponses.CompartmentView.class);
  }

  @Test
  void shouldDocumentEveryRequestField() {
    contract.assertProperties("CreateListing", ListingRequests.CreateListing.class);
    contract.assertProperties("EditListing", ListingRequests.UpdateListing.class);
    contract.assertProperties("IssueToken", ListingRequests.IssueToken.class);
  }
}
