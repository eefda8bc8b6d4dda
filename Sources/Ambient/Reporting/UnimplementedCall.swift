/// An unimplemented endpoint, as declared: reports each call and makes the error a throwing
/// one throws.
struct UnimplementedCall: Sendable {
  /// The name the user gave; evaluated only when a call is reported.
  let description: @Sendable () -> String
  /// The enclosing declaration: in a stored property's initialiser, the type's name.
  let function: StaticString
  let location: SourceLocation

  init(_ description: @escaping @Sendable () -> String, _ function: StaticString, _ location: SourceLocation) {
    self.description = description
    self.function = function
    self.location = location
  }

  /// `APIClient.fetchItems` as given, else the enclosing declaration and where the endpoint is
  /// declared, which tells apart two unnamed endpoints of one type.
  var name: String {
    let description = description()
    return description.isEmpty ? "\(function), declared at \(location.fileID):\(location.line)" : description
  }

  @discardableResult
  func report() -> UnimplementedFailure {
    let name = name
    reportIssue(IssueMessage.unimplemented(name, context: DependencyValues.current.context).description, at: location)
    return UnimplementedFailure(description: "Unimplemented: \(name)")
  }
}

extension IssueMessage {
  static func unimplemented(_ name: String, context: DependencyContext) -> IssueMessage {
    IssueMessage(
      headline: "Unimplemented: \(name)",
      facts: [("Context", context.rawValue)],
      why: "This endpoint has no implementation in this context, so calling it is a mistake the test should see.",
      fixes: ["Override it where the code runs, for example withDependencies { $0.… = { … } } or a .dependency trait."]
    )
  }
}
