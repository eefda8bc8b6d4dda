/// The dependencies a derived default's build read (see ``DerivedDependencyKey``): their keys,
/// and one bit for each in a 64-bit mask, so that a read in a scope tells with one `and` that the
/// scope overrides none of them (``TypeTable/keyBits``), and looks at the keys only when a bit
/// matches.
@usableFromInline
final class DerivedInputs: Sendable {
  /// The keys read, the key built excluded; with those of every derived default among them.
  let keys: [UInt]
  /// ``TypeTable/bitInObject(_:)`` of each key, or'ed.
  @usableFromInline let bits: UInt

  init(keys: some Sequence<UInt>) {
    let keys = Array(Set(keys)).sorted()
    self.keys = keys
    bits = keys.reduce(0) { $0 | TypeTable.bitInObject($1) }
  }

  /// Inputs of a value set by `prepareDependencies`, which is never rebuilt.
  static let none = DerivedInputs(keys: [])
}

/// A derived default with the inputs of its build. Its value is where a ``ValueBox`` keeps it
/// (the superclass's one stored property comes first), so reads that do not care read it as any
/// box's.
@usableFromInline
final class DerivedValueBox<Value: Sendable>: ValueBox<Value>, DerivedInputsCarrying, @unchecked Sendable {
  // @unchecked: immutable, and `Value` is Sendable.
  @usableFromInline let inputs: DerivedInputs

  init(_ value: Value, inputs: DerivedInputs) {
    self.inputs = inputs
    super.init(value)
  }
}

/// A box that knows its derived default's inputs, whatever its value's type: for the slow paths
/// that gather a build's inputs from the derived defaults it read.
protocol DerivedInputsCarrying: AnyObject {
  var inputs: DerivedInputs { get }
}
