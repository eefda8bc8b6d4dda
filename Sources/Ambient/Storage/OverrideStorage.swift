/// The overrides of one `DependencyValues` (a table of them: one allocation), with the root
/// whose default values it falls back to. Shared between copies; changed only when uniquely
/// referenced (copy-on-write).
@usableFromInline
final class OverrideStorage: TypeTable, @unchecked Sendable {
  // @unchecked: written only while uniquely referenced, like the table it is.
  static let empty = OverrideStorage(root: .shared)

  /// The overrides, as a table.
  @inlinable var table: TypeTable { self }
  /// The context set with `\.context`, kept out of the table because every default read asks.
  @exclusivity(unchecked) @usableFromInline var context: DependencyContext?
  @usableFromInline let root: DefaultValueStore
  /// Whether small trivial values go in the table's entries (see `TypeTable.storesInline`);
  /// off where the entries are handed on as boxes (`prepareDependencies`).
  @exclusivity(unchecked) @usableFromInline var storesSmallValuesInline = true

  init(root: DefaultValueStore) {
    self.root = root
    super.init()
  }

  init(copying other: OverrideStorage) {
    context = other.context
    root = other.root
    super.init()
    overlay(other)
  }

  /// Whether these overrides change nothing: no entries and no context.
  var overridesNothing: Bool { isEmpty && context == nil }

  /// These overrides with `other`'s written over them; the root stays this one's.
  func overlaid(with other: OverrideStorage) -> OverrideStorage {
    if other === self || other.overridesNothing { return self }
    if overridesNothing && other.root === root { return other }
    let merged = OverrideStorage(copying: self)
    merged.table.overlay(other.table)
    merged.context = other.context ?? context
    return merged
  }
}
