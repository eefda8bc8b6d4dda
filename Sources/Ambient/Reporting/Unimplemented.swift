// The `unimplemented` family: one overload per closure shape, documented once in the
// "Unimplemented endpoints" article; each overload says only what sets it apart. One closure
// shape per overload because a parameter pack cannot abstract over `async` or `throws`.

/// The error an unimplemented endpoint throws after reporting that it was called.
public struct UnimplementedFailure: Error, Sendable, CustomStringConvertible {
  /// `Unimplemented: ` and the endpoint's name, as the report's headline says it.
  public let description: String
}

/// A closure that reports an issue each time it is called, then returns `placeholder`.
///
/// `let isEnabled: @Sendable () -> Bool = unimplemented("Flags.isEnabled", placeholder: false)`.
/// See <doc:UnimplementedEndpoints> for the parameters, the name that is reported, and the
/// other shapes.
public func unimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> Result {
  let call = UnimplementedCall(
    description, function, SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  return { (_: repeat each Argument) in
    call.report()
    return placeholder()
  }
}

/// A throwing closure that reports an issue each time it is called, then throws
/// ``UnimplementedFailure``.
///
/// `let fetch: @Sendable (Int) throws -> Item = unimplemented("APIClient.fetch")`.
/// See <doc:UnimplementedEndpoints> for the parameters and the name that is reported.
public func unimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) throws -> Result {
  let call = UnimplementedCall(
    description, function, SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  return { (_: repeat each Argument) in throw call.report() }
}

/// An asynchronous closure that reports an issue each time it is called, then returns
/// `placeholder`.
///
/// `let level: @Sendable () async -> Double = unimplemented("Recorder.level", placeholder: 0)`.
/// See <doc:UnimplementedEndpoints> for the parameters and the name that is reported.
public func unimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async -> Result {
  let call = UnimplementedCall(
    description, function, SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  return { (_: repeat each Argument) in
    call.report()
    return placeholder()
  }
}

/// An asynchronous throwing closure that reports an issue each time it is called, then throws
/// ``UnimplementedFailure``: the usual test value of a network call.
///
/// `static let testValue = APIClient(fetchItems: unimplemented("APIClient.fetchItems"))`.
/// See <doc:UnimplementedEndpoints> for the parameters and the name that is reported.
public func unimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async throws -> Result {
  let call = UnimplementedCall(
    description, function, SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  return { (_: repeat each Argument) in throw call.report() }
}

/// A closure returning nothing that reports an issue each time it is called.
///
/// Disfavoured so that a throwing closure returning nothing (`throws -> Void`) gets the form
/// that throws. See <doc:UnimplementedEndpoints> for the parameters.
@_disfavoredOverload
public func unimplemented<each Argument>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> Void {
  let call = UnimplementedCall(
    description, function, SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  return { (_: repeat each Argument) in call.report() }
}

/// An asynchronous closure returning nothing that reports an issue each time it is called.
///
/// Disfavoured so that `async throws -> Void` gets the form that throws. See
/// <doc:UnimplementedEndpoints> for the parameters.
@_disfavoredOverload
public func unimplemented<each Argument>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async -> Void {
  let call = UnimplementedCall(
    description, function, SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  return { (_: repeat each Argument) in call.report() }
}

/// Reports an issue at once and returns `placeholder`: for a plain property of a test value
/// that no test should read, such as `Config(apiKey: unimplemented("Config.apiKey", placeholder: ""))`.
///
/// Unlike the closure forms it reports when the value is made, not when it is used. See
/// <doc:UnimplementedEndpoints> for the parameters.
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
  let description = description()
  UnimplementedCall(
    { description }, function, SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  )
  .report()
  return placeholder
}
