package io.equitoken.listings.config;

import io.equitoken.listings.listing.Country;
import io.equitoken.listings.listing.Document;
import io.equitoken.listings.listing.ListingContent;
import io.equitoken.listings.listing.ListingStatus;
import io.equitoken.listings.listing.Sector;
import io.equitoken.listings.listing.Stage;
import io.equitoken.listings.listing.TeamMember;
import io.equitoken.listings.listing.TokenIssuance;
import java.math.BigDecimal;
import java.util.List;

/**
 * The startups a local platform starts with: twelve across sectors, stages and countries, nine
 * active (each with a token in a Luxembourg securitisation compartment) and three not (a draft, a
 * suspended and a closed listing). All belong to {@value #FOUNDER}, the demo founder key's
 * principal. Ids are fixed so that docs and scripts can point at them.
 */
final class DemoListings {

  static final String FOUNDER = "founder-nova";
  private static final String STRUCTURE =
      "Compartment of Equitoken Securitisation S.A., a Luxembourg securitisation vehicle under the"
          + " law of 22 March 2004; assets and liabilities ring-fenced per compartment";

  record Demo(
      int n,
      ListingContent content,
      BigDecimal supply,
      BigDecimal price,
      String isin,
      ListingStatus target) {

    String listingId() {
      return "5e1f0000-0000-4000-8000-0000000000" + two(n);
    }

    String tokenId() {
      return "70c00000-0000-4000-8000-0000000000" + two(n);
    }

    String compartmentId() {
      return "c0000000-0000-4000-8000-0000000000" + two(n);
    }

    /** Null for the one draft that has not issued its token yet. */
    TokenIssuance issuance() {
      if (isin == null) {
        return null;
      }
      String name = content.name() + " Equity Token";
      return new TokenIssuance(isin, name, supply, price, null, "LU", STRUCTURE, true);
    }

    private static String two(int n) {
      return n < 10 ? "0" + n : String.valueOf(n);
    }
  }

  private DemoListings() {}

  static List<Demo> all() {
    return List.of(
        demo(
            1,
            "Nova Ledger",
            Sector.FINTECH,
            Stage.SERIES_A,
            "DE",
            "2500000",
            "Real-time treasury and reconciliation for European SMEs.",
            "Finance teams reconcile bank feeds by hand and see cash days late.",
            "Open-banking connectors and automatic matching give a live cash position.",
            "1000000",
            "12.5",
            "LU2EQT000010",
            ListingStatus.ACTIVE),
        demo(
            2,
            "Helio Grid",
            Sector.CLIMATE,
            Stage.SEED,
            "ES",
            "1500000",
            "Community solar micro-grids with peer-to-peer energy trading.",
            "Rooftop solar surplus is sold back to the grid at a fraction of its value.",
            "Neighbourhood batteries and a trading ledger keep the value local.",
            "2000000",
            "3.2",
            "LU2EQT000028",
            ListingStatus.ACTIVE),
        demo(
            3,
            "Medisight AI",
            Sector.HEALTHTECH,
            Stage.SERIES_A,
            "NL",
            "4000000",
            "Assistive triage for radiology departments.",
            "Radiologists face growing backlogs; urgent findings wait in the queue.",
            "A certified model flags urgent scans first and drafts structured reports.",
            "800000",
            "25",
            "LU2EQT000036",
            ListingStatus.ACTIVE),
        demo(
            4,
            "Cortex Forge",
            Sector.AI,
            Stage.SEED,
            "FR",
            "2000000",
            "Private fine-tuning of language models on company data.",
            "Companies cannot send confidential documents to public model APIs.",
            "On-premise fine-tuning appliances with audit trails and evaluation suites.",
            "1500000",
            "8.75",
            "LU2EQT000044",
            ListingStatus.ACTIVE),
        demo(
            5,
            "Learnloop",
            Sector.EDTECH,
            Stage.PRE_SEED,
            "PT",
            "600000",
            "Adaptive maths practice for secondary schools.",
            "Teachers cannot give thirty pupils individual practice at their level.",
            "Exercises adapt to each pupil, and teachers see who needs help today.",
            "3000000",
            "0.9",
            "LU2EQT000051",
            ListingStatus.ACTIVE),
        demo(
            6,
            "Parcelwise",
            Sector.MOBILITY,
            Stage.SERIES_B,
            "SE",
            "8000000",
            "Electric cargo-bike logistics for city centres.",
            "Vans block city streets and pay rising low-emission-zone fees.",
            "Micro-hubs and cargo bikes deliver the last mile faster and cleaner.",
            "1200000",
            "41",
            "LU2EQT000069",
            ListingStatus.ACTIVE),
        demo(
            7,
            "Brickbase",
            Sector.PROPTECH,
            Stage.SEED,
            "AT",
            "1200000",
            "Digital building logbooks for residential landlords.",
            "Maintenance history lives in folders and is lost at every sale.",
            "A shared logbook records works, certificates and energy data per building.",
            "900000",
            "6",
            "LU2EQT000077",
            ListingStatus.ACTIVE),
        demo(
            8,
            "Shieldwall",
            Sector.CYBERSECURITY,
            Stage.GROWTH,
            "EE",
            "15000000",
            "Managed detection and response for mid-sized companies.",
            "Mid-sized firms are attacked like enterprises but cannot staff a SOC.",
            "A shared 24/7 SOC with automated containment playbooks.",
            "2500000",
            "54.3",
            "LU2EQT000085",
            ListingStatus.ACTIVE),
        demo(
            9,
            "Verdant Bio",
            Sector.BIOTECH,
            Stage.SERIES_B,
            "CH",
            "12000000",
            "Enzymes that turn food waste into bioplastics.",
            "Packaging plastics are fossil-based and food waste is burned.",
            "Engineered enzymes convert food waste into compostable polymers.",
            "1000000",
            "37.8",
            "LU2EQT000093",
            ListingStatus.ACTIVE),
        demo(
            10,
            "Quantum Quill",
            Sector.DEEPTECH,
            Stage.PRE_SEED,
            "IE",
            "750000",
            "Error-mitigation software for early quantum computers.",
            "Noisy quantum hardware gives unreliable results for real workloads.",
            "Compiler passes that mitigate errors without extra qubits.",
            null,
            null,
            null,
            ListingStatus.DRAFT),
        demo(
            11,
            "Pantry Pal",
            Sector.CONSUMER,
            Stage.SEED,
            "IT",
            "900000",
            "Subscription refills of pantry staples in reusable jars.",
            "Households throw away packaging and half-used staples every week.",
            "Refills delivered in deposit jars, sized to what each household uses.",
            "1500000",
            "2.4",
            "LU2EQT000101",
            ListingStatus.SUSPENDED),
        demo(
            12,
            "Flowstack",
            Sector.SAAS,
            Stage.SERIES_A,
            "FI",
            "3000000",
            "Workflow automation for accounting firms.",
            "Accountants re-key client data between a dozen tools.",
            "Connectors and a rules engine move data between tools automatically.",
            "1100000",
            "15.2",
            "LU2EQT000119",
            ListingStatus.CLOSED));
  }

  @SuppressWarnings("checkstyle:ParameterNumber")
  private static Demo demo(
      int n,
      String name,
      Sector sector,
      Stage stage,
      String country,
      String raiseTarget,
      String description,
      String problem,
      String solution,
      String supply,
      String price,
      String isin,
      ListingStatus target) {
    String slug = name.toLowerCase(java.util.Locale.ROOT).replace(' ', '-');
    ListingContent content =
        new ListingContent(
            name,
            description,
            problem,
            solution,
            sector,
            stage,
            new Country(country),
            new BigDecimal(raiseTarget),
            List.of(
                new TeamMember("Alex Moreau", "CEO"),
                new TeamMember("Sam Keller", "CTO"),
                new TeamMember("Jo Lindqvist", "CFO")),
            List.of(
                new Document("Pitch deck", "https://docs.equitoken.example/" + slug + "/deck.pdf"),
                new Document(
                    "Term sheet", "https://docs.equitoken.example/" + slug + "/term-sheet.pdf")));
    return new Demo(
        n,
        content,
        supply == null ? null : new BigDecimal(supply),
        price == null ? null : new BigDecimal(price),
        isin,
        target);
  }
}
