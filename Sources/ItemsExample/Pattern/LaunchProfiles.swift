import Ambient

/// The states a test launches `items` into, chosen by name as a UI test chooses an app's:
/// `AMBIENT_PROFILE=empty-catalogue` (several separated by commas, applied in order) or
/// `-AmbientProfile empty-catalogue` (which may repeat, after the variable's).
///
/// The entry point (``CommandRunner``) applies the chosen ones over the values the command line
/// chose, before the root reads anything, so each changes only what it names:
///
/// ```sh
/// AMBIENT_PROFILE=empty-catalogue items            # The catalogue is empty.
/// AMBIENT_PROFILE=no-favourites items --preview    # the sample items, none a favourite
/// AMBIENT_PROFILE=ofline items                     # one line naming every profile; exit 2
/// ```
extension LaunchProfile {
  /// Every profile `items` declares, in the order `--help` and errors list them.
  static let items: [LaunchProfile] = [.emptyCatalogue, .offline, .noFavourites]

  /// A catalogue with no items: the list's empty state.
  static let emptyCatalogue = LaunchProfile("empty-catalogue") {
    $0.apiClient = APIClient(fetchItems: { [] })
  }

  /// Loading the catalogue fails, as it does without a network.
  static let offline = LaunchProfile("offline") {
    $0.apiClient = APIClient(fetchItems: {
      throw ItemsError.catalogueUnreachable(source: "the catalogue server", reason: "the network is offline")
    })
  }

  /// Favourites kept in memory, starting with none: nothing is read from or written to the
  /// store, so a run changes nothing a later run sees.
  static let noFavourites = LaunchProfile("no-favourites") {
    $0.database = .inMemory()
  }
}
