/// A type's name without its module, as users write it in code.
func typeName(_ type: any Any.Type) -> String {
  String(describing: type)
}
