/// The item detail screen as text.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
struct ItemDetailView {
  let model: ItemDetailModel

  var body: String {
    """
    \(model.item.name)
      ID:        \(model.item.id)
      Favourite: \(model.isFavorite ? "★ yes" : "no")
      \(model.item.summary)
    """
  }
}
