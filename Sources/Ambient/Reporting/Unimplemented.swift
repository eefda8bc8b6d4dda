/// The error an unimplemented endpoint throws after reporting that it was called.
public struct UnimplementedFailure: Error, Sendable, CustomStringConvertible {
  /// What was called, as given to `unimplemented`.
  public let description: String
}

/// An endpoint that reports an issue when called and returns `placeholder`: the building
/// block of test values that fail the test which forgot to override them.
///
/// ```swift
/// static let testValue = Analytics(
///   track: unimplemented("Analytics.track"),
///   isEnabled: unimplemented("Analytics.isEnabled", placeholder: false)
/// )
/// ```
///
/// - Parameters:
///   - description: What the endpoint is, such as `"APIClient.fetchItems"`.
///   - placeholder: What the endpoint returns after reporting.
///   - fileID: Where the endpoint is declared, for the report.
///   - filePath: Where the endpoint is declared, for the report.
///   - function: The declaring function, for the report.
///   - line: Where the endpoint is declared, for the report.
///   - column: Where the endpoint is declared, for the report.
/// - Returns: A closure that reports, then returns `placeholder`.
public func unimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> Result {
  return { (_: repeat each Argument) in
    UnimplementedCall(description(), fileID, filePath, function, line, column).report()
    return placeholder()
  }
}

/// An endpoint that reports an issue when called and throws ``UnimplementedFailure``.
///
/// ```swift
/// static let testValue = APIClient(fetchItems: unimplemented("APIClient.fetchItems"))
/// ```
///
/// - Parameters:
///   - description: What the endpoint is, such as `"APIClient.fetchItems"`.
///   - fileID: Where the endpoint is declared, for the report.
///   - filePath: Where the endpoint is declared, for the report.
///   - function: The declaring function, for the report.
///   - line: Where the endpoint is declared, for the report.
///   - column: Where the endpoint is declared, for the report.
/// - Returns: A closure that reports, then throws.
public func unimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) throws -> Result {
  return { (_: repeat each Argument) in
    throw UnimplementedCall(description(), fileID, filePath, function, line, column).report()
  }
}

/// An asynchronous endpoint that reports an issue when called and returns `placeholder`.
///
/// - Parameters:
///   - description: What the endpoint is, such as `"Clock.sleep"`.
///   - placeholder: What the endpoint returns after reporting.
///   - fileID: Where the endpoint is declared, for the report.
///   - filePath: Where the endpoint is declared, for the report.
///   - function: The declaring function, for the report.
///   - line: Where the endpoint is declared, for the report.
///   - column: Where the endpoint is declared, for the report.
/// - Returns: A closure that reports, then returns `placeholder`.
public func unimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async -> Result {
  return { (_: repeat each Argument) in
    UnimplementedCall(description(), fileID, filePath, function, line, column).report()
    return placeholder()
  }
}

/// An asynchronous endpoint that reports an issue when called and throws
/// ``UnimplementedFailure``.
///
/// ```swift
/// static let testValue = APIClient(fetchItems: unimplemented("APIClient.fetchItems"))
/// ```
///
/// - Parameters:
///   - description: What the endpoint is, such as `"APIClient.fetchItems"`.
///   - fileID: Where the endpoint is declared, for the report.
///   - filePath: Where the endpoint is declared, for the report.
///   - function: The declaring function, for the report.
///   - line: Where the endpoint is declared, for the report.
///   - column: Where the endpoint is declared, for the report.
/// - Returns: A closure that reports, then throws.
public func unimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async throws -> Result {
  return { (_: repeat each Argument) in
    throw UnimplementedCall(description(), fileID, filePath, function, line, column).report()
  }
}

/// An endpoint returning nothing that reports an issue when called.
///
/// Disfavoured so that a throwing endpoint returning nothing (`throws -> Void`) picks the form
/// that throws ``UnimplementedFailure``.
///
/// - Parameters:
///   - description: What the endpoint is, such as `"Analytics.track"`.
///   - fileID: Where the endpoint is declared, for the report.
///   - filePath: Where the endpoint is declared, for the report.
///   - function: The declaring function, for the report.
///   - line: Where the endpoint is declared, for the report.
///   - column: Where the endpoint is declared, for the report.
/// - Returns: A closure that reports.
@_disfavoredOverload
public func unimplemented<each Argument>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> Void {
  return { (_: repeat each Argument) in
    UnimplementedCall(description(), fileID, filePath, function, line, column).report()
  }
}

/// An asynchronous endpoint returning nothing that reports an issue when called.
///
/// - Parameters:
///   - description: What the endpoint is, such as `"Analytics.flush"`.
///   - fileID: Where the endpoint is declared, for the report.
///   - filePath: Where the endpoint is declared, for the report.
///   - function: The declaring function, for the report.
///   - line: Where the endpoint is declared, for the report.
///   - column: Where the endpoint is declared, for the report.
/// - Returns: A closure that reports.
@_disfavoredOverload
public func unimplemented<each Argument>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async -> Void {
  return { (_: repeat each Argument) in
    UnimplementedCall(description(), fileID, filePath, function, line, column).report()
  }
}

/// A value that reports an issue as soon as it is produced, and is `placeholder`: for a
/// property of a test value that no test should read.
///
/// ```swift
/// static let testValue = Config(apiKey: unimplemented("Config.apiKey", placeholder: ""))
/// ```
///
/// - Parameters:
///   - description: What the value is.
///   - placeholder: The value to use after reporting.
///   - fileID: Where the value is used, for the report.
///   - filePath: Where the value is used, for the report.
///   - function: The enclosing function, for the report.
///   - line: Where the value is used, for the report.
///   - column: Where the value is used, for the report.
/// - Returns: `placeholder`.
@_disfavoredOverload
public func unimplemented<Result>(
  _ description: @autoclosure () -> String = "",
  placeholder: Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> Result {
  UnimplementedCall(description(), fileID, filePath, function, line, column).report()
  return placeholder
}

/// One call of an unimplemented endpoint: reports it and makes the error to throw.
struct UnimplementedCall {
  let description: String
  let fileID: StaticString
  let filePath: StaticString
  let function: StaticString
  let line: UInt
  let column: UInt

  init(_ description: String, _ fileID: StaticString, _ filePath: StaticString, _ function: StaticString, _ line: UInt, _ column: UInt) {
    self.description = description
    self.fileID = fileID
    self.filePath = filePath
    self.function = function
    self.line = line
    self.column = column
  }

  @discardableResult
  func report() -> UnimplementedFailure {
    let name = description.isEmpty ? "\(function)" : description
    let message = IssueMessage.unimplemented(name, context: DependencyValues._current.context)
    reportIssue(message.description, fileID: fileID, filePath: filePath, line: line, column: column)
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
