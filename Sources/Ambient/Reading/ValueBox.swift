/// The type-erased base of ``ValueBox``; tables store boxes so that reading one back is an
/// unchecked downcast instead of a dynamic cast from `any Sendable`.
@usableFromInline
class AnyValueBox: @unchecked Sendable {
  // @unchecked: no state of its own.
  @usableFromInline init() {}
}

/// One stored dependency value. The table key (the dependency key's type) determines the
/// box's `Value`, which is what makes `unsafeDowncast` in ``TypeTable`` lookups sound.
@usableFromInline
class ValueBox<Value: Sendable>: AnyValueBox, @unchecked Sendable {
  // @unchecked: immutable, and `Value` is Sendable.
  @usableFromInline final let value: Value
  @usableFromInline init(_ value: Value) {
    self.value = value
    super.init()
  }
}

extension AnyValueBox {
  func unbox<Value: Sendable>(as _: Value.Type) -> Value {
    unsafeDowncast(self, to: ValueBox<Value>.self).value
  }
}
