package io.equitoken.listings.listing;

import static io.equitoken.listings.listing.Listings.OPERATOR;
import static io.equitoken.listings.listing.Listings.OWNER;
import static io.equitoken.listings.listing.Listings.T1;
import static io.equitoken.listings.listing.Listings.accepted;
import static io.equitoken.listings.listing.Listings.inStatus;
import static io.equitoken.listings.listing.Listings.rejected;
import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.core.Refusal;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every command from every state: the allowed transitions and the 409s with their reasons. */
class ListingTransitionsTest {

  enum Command {
    PUBLISH(l -> l.publish(OWNER, T1)),
    SUSPEND(l -> l.suspend(OPERATOR, "review", T1)),
    REACTIVATE(l -> l.reactivate(OPERATOR, T1)),
    CLOSE(l -> l.close(OWNER, T1)),
    EDIT(
        l ->
            l.edit(
                OWNER,
                new ListingChanges("Renamed", null, null, null, null, null, null, null, null, null),
                T1));

    final Function<Listing, Decision> run;

    Command(Function<Listing, Decision> run) {
      this.run = run;
    }
  }

  static Stream<Arguments> allowed() {
    return Stream.of(
        Arguments.of(ListingStatus.DRAFT, Command.EDIT, ListingStatus.DRAFT),
        Arguments.of(ListingStatus.ACTIVE, Command.EDIT, ListingStatus.ACTIVE),
        Arguments.of(ListingStatus.SUSPENDED, Command.EDIT, ListingStatus.SUSPENDED),
        Arguments.of(ListingStatus.ACTIVE, Command.SUSPEND, ListingStatus.SUSPENDED),
        Arguments.of(ListingStatus.SUSPENDED, Command.REACTIVATE, ListingStatus.ACTIVE),
        Arguments.of(ListingStatus.ACTIVE, Command.CLOSE, ListingStatus.CLOSED),
        Arguments.of(ListingStatus.SUSPENDED, Command.CLOSE, ListingStatus.CLOSED));
  }

  @ParameterizedTest(name = "{1} from {0} → {2}")
  @MethodSource("allowed")
  void shouldMoveToTheNextStateWhenTheTransitionIsAllowed(
      ListingStatus from, Command command, ListingStatus to) {
    // given a listing in the state
    Listing listing = inStatus(from);

    // when the command runs
    Decision.Accepted decision = accepted(command.run.apply(listing));

    // then the listing is in the next state, changed at the command's time
    assertThat(decision.listing().status()).isEqualTo(to);
    assertThat(decision.listing().updatedAt()).isEqualTo(T1);
  }

  static Stream<Arguments> refused() {
    return Stream.of(
        Arguments.of(ListingStatus.ACTIVE, Command.PUBLISH, "draft"),
        Arguments.of(ListingStatus.SUSPENDED, Command.PUBLISH, "draft"),
        Arguments.of(ListingStatus.CLOSED, Command.PUBLISH, "draft"),
        Arguments.of(ListingStatus.DRAFT, Command.SUSPEND, "active"),
        Arguments.of(ListingStatus.SUSPENDED, Command.SUSPEND, "active"),
        Arguments.of(ListingStatus.CLOSED, Command.SUSPEND, "active"),
        Arguments.of(ListingStatus.DRAFT, Command.REACTIVATE, "suspended"),
        Arguments.of(ListingStatus.ACTIVE, Command.REACTIVATE, "suspended"),
        Arguments.of(ListingStatus.CLOSED, Command.REACTIVATE, "suspended"),
        Arguments.of(ListingStatus.DRAFT, Command.CLOSE, "active or suspended"),
        Arguments.of(ListingStatus.CLOSED, Command.CLOSE, "active or suspended"),
        Arguments.of(ListingStatus.CLOSED, Command.EDIT, "draft, active or suspended"));
  }

  @ParameterizedTest(name = "{1} from {0} is refused")
  @MethodSource("refused")
  void shouldRejectATransitionNotAllowedFromTheCurrentStateWithTheReason(
      ListingStatus from, Command command, String expected) {
    // given a listing in a state the command does not start from
    Listing listing = inStatus(from);

    // when the command runs
    Refusal rejection = rejected(command.run.apply(listing));

    // then it is a conflict saying what was expected and what the state is
    assertThat(rejection.kind()).isEqualTo(Refusal.Kind.CONFLICT);
    assertThat(rejection.code()).isEqualTo("invalid-listing-state");
    assertThat(rejection.detail())
        .isEqualTo("Expected listing to be " + expected + ", but it is " + from.value() + ".");
    assertThat(rejection.extensions()).containsEntry("currentStatus", from.value());
  }
}
