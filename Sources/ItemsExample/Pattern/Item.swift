/// One entry of the catalogue: what the list shows and the detail screen describes.
struct Item: Codable, Equatable, Identifiable, Sendable {
  var id: String
  var name: String
  var summary: String
}

extension Item {
  /// A small fixed catalogue for previews and tests: no file, no network.
  static let samples: [Item] = [
    Item(id: "1", name: "Oak desk", summary: "A solid oak desk, 140 × 70 cm."),
    Item(id: "2", name: "Reading lamp", summary: "A brass lamp with a warm bulb."),
    Item(id: "3", name: "Wool rug", summary: "A hand-woven rug, 2 × 3 m."),
  ]
}
