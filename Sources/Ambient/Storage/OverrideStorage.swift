/// The overrides of one `DependencyValues`, with the root whose default values it falls back
/// to. Shared between copies; changed only when uniquely referenced (copy-on-write).
@usableFromInline
final class OverrideStorage: @unchecked Sendable {
  static let empty = OverrideStorage(root: .shared)

  @usableFromInline let table: TypeTable
  /// The context set with `\.context`, kept out of the table because every default read asks.
  @exclusivity(unchecked) @usableFromInline var context: DependencyContext?
  @usableFromInline let root: DefaultValueStore

  init(root: DefaultValueStore) {
    table = TypeTable()
    self.root = root
  }

  init(copying other: OverrideStorage) {
    table = other.table.copy()
    context = other.context
    root = other.root
  }

  var isEmpty: Bool { table.isEmpty && context == nil }

  /// These overrides with `other`'s written over them; the root stays this one's.
  func overlaid(with other: OverrideStorage) -> OverrideStorage {
    if other === self || other.isEmpty { return self }
    if isEmpty && other.root === root { return other }
    let merged = OverrideStorage(copying: self)
    merged.table.overlay(other.table)
    merged.context = other.context ?? context
    return merged
  }
}
