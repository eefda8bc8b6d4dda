/// One entry of the catalogue, as the command-line `items` example has it (an app cannot import
/// an executable target, so it keeps its own copy).
///
/// Conforming to `Sendable` in the declaration keeps the type off the main actor in an app
/// target (SE-0466); its extension says `nonisolated` itself, because Swift 6.2 puts an
/// extension of a nonisolated type on the main actor unless it does.
struct Item: Codable, Hashable, Identifiable, Sendable {
  var id: String
  var name: String
  var summary: String
}

nonisolated extension Item {
  /// A small fixed catalogue for previews and tests: no network.
  static let samples: [Item] = [
    Item(id: "1", name: "Oak desk", summary: "A solid oak desk, 140 × 70 cm."),
    Item(id: "2", name: "Reading lamp", summary: "A brass lamp with a warm bulb."),
    Item(id: "3", name: "Wool rug", summary: "A hand-woven rug, 2 × 3 m."),
  ]
}
