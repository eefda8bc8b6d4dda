/// The item list screen as text: one row an item, a star for each favourite.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
struct ItemListView {
  let model: ItemListModel

  var body: String {
    guard !model.items.isEmpty else { return "The catalogue is empty." }
    let width = model.items.map(\.id.count).max() ?? 0
    let rows = model.items.map { item in
      let mark = model.isFavorite(item) ? "★" : " "
      let id = item.id.padding(toLength: width, withPad: " ", startingAt: 0)
      return "\(mark) \(id)  \(item.name)"
    }
    let count = model.items.count == 1 ? "1 item" : "\(model.items.count) items"
    return (rows + ["", "\(count), ★ = favourite. Run 'items show ID' for details."])
      .joined(separator: "\n")
  }
}
