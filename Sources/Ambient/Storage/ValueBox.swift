/// The type-erased base of ``ValueBox``; tables store boxes so that reading one back is an
/// unchecked downcast instead of a dynamic cast from `any Sendable`.
@usableFromInline
class AnyValueBox: @unchecked Sendable {
  // @unchecked: immutable; a metatype is plain data.
  /// The dependency key the value was stored under, when the writer knew it: messages name it
  /// (a table's word-sized key is the type's metadata pointer, which is not worth decoding).
  let key: (any Any.Type)?

  @usableFromInline init(key: (any Any.Type)?) { self.key = key }
}

/// One stored dependency value. The table key (the dependency key's type) determines the
/// box's `Value`, which is what makes `unsafeDowncast` in ``TypeTable`` lookups sound.
@usableFromInline
final class ValueBox<Value: Sendable>: AnyValueBox, @unchecked Sendable {
  // @unchecked: immutable, and `Value` is Sendable; the base class holds only a metatype.
  @usableFromInline let value: Value
  @usableFromInline init(_ value: Value, key: (any Any.Type)? = nil) {
    self.value = value
    super.init(key: key)
  }
}

extension AnyValueBox {
  func unbox<Value: Sendable>(as _: Value.Type) -> Value {
    unsafeDowncast(self, to: ValueBox<Value>.self).value
  }
}
