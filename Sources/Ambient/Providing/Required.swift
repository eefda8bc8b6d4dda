/// A required dependency as read from ``DependencyValues``: installed, or not installed in the
/// context it was read in. It hands the installed value over non-optionally, and when there is
/// none it reports an issue and takes the fallback you give it, never a live value.
///
/// ```swift
/// @Dependency(AppDependency.self) var app   // Required<AppDependency>
///
/// func select(_ item: Item) {
///   detail = app.resolve { deps in
///     ItemDetailModel(item: item, database: deps.database)
///   } fallback: {
///     nil
///   }
/// }
/// ```
///
/// In every context (live, preview, test) a value that was never installed reports the same
/// issue when resolved; in a test it fails the test. Install one in a test with
/// `withDependencies { $0.install(AppDependency(…)) } operation: { … }`.
///
/// ## Identity
///
/// Two `Required` values are equal when they are copies of one installation, in O(1): the
/// installed value lives in a box created by ``init(_:)`` and equality is the box's identity.
/// Installing separately built values, or the same value twice, gives different identities;
/// since the installed value cannot be changed in place, changing a dependency means installing
/// again, which always gives a new identity. Two "not installed" values are equal. This is what
/// SwiftUI's environment and UIKit's trait diffing compare, so they never compare the
/// dependencies themselves.
///
/// - Important: Equality says nothing about the installed value's contents; do not use it to
///   ask whether two aggregates hold the same clients.
public struct Required<Value: Sendable>: Sendable, Equatable {
  private let installation: Installation?
  /// The context whose (missing) default this is; `nil` once installed.
  private let missingContext: DependencyContext?

  private final class Installation: Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
  }

  /// Installs `value`, with an identity of its own.
  ///
  /// Usually called for you by ``DependencyValues/install(_:)``.
  ///
  /// - Parameter value: The dependency to hand to the code that resolves it.
  public init(_ value: Value) {
    installation = Installation(value)
    missingContext = nil
  }

  private init(missingIn context: DependencyContext) {
    installation = nil
    missingContext = context
  }

  /// Nothing installed; `context` is the one the read happened in, for the report.
  static func missing(in context: DependencyContext) -> Required {
    Required(missingIn: context)
  }

  /// Whether a value was installed. Asking reports nothing.
  public var isInstalled: Bool { installation != nil }

  /// The installed value, or `nil`; asking reports nothing.
  ///
  /// For code that shows its own "not set" state and must not report, such as a command
  /// line's one-line error. Everywhere else use ``resolve(_:fallback:fileID:filePath:line:column:)``,
  /// the one way that hands the value over and reports a missing one.
  public var installedValue: Value? { installation?.value }

  /// Calls `body` with the installed value, or, when none was installed, reports an issue and
  /// returns `fallback()`.
  ///
  /// ```swift
  /// let detail = app.resolve { ItemDetailModel(item: item, database: $0.database) } fallback: { nil }
  /// let installed = app.resolve { $0 } fallback: { AppDependency(apiClient: .empty, database: .empty) }
  /// ```
  ///
  /// - Parameters:
  ///   - body: Builds what needs the dependency (a screen, a model).
  ///   - fallback: What to use instead when nothing was installed. Make it harmless (an empty
  ///     value, a placeholder), never a live client: the missing installation is the bug to fix.
  ///   - fileID: Where it was asked for, for the report.
  ///   - filePath: Where it was asked for, for the report.
  ///   - line: Where it was asked for, for the report.
  ///   - column: Where it was asked for, for the report.
  /// - Returns: What `body` or `fallback` returns.
  public func resolve<R>(
    _ body: (Value) throws -> R,
    fallback: () throws -> R,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) rethrows -> R {
    if let installation { return try body(installation.value) }
    reportMissing(fileID: fileID, filePath: filePath, line: line, column: column)
    return try fallback()
  }

  /// Reports that nothing was installed, naming the type, the context and the place.
  package func reportMissing(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    let message = IssueMessage.notInstalled(
      typeName: typeName(Value.self),
      context: missingContext ?? DependencyValues.current.resolvedContext,
      location: "\(fileID):\(line)"
    )
    reportIssue(message.description, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Copies of one installation are equal; see "Identity" above.
  public static func == (lhs: Required, rhs: Required) -> Bool {
    lhs.installation === rhs.installation
  }
}
