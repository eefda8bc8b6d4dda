// One overload per arity (0 to 5 arguments) because a parameter-pack closure cannot be stored
// in a property of generic type: the compiler cannot agree on its calling convention.

extension Endpoint {
  /// An asynchronous endpoint returning nothing that reports until overridden (0 arguments).
  public init(
    _ name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == @Sendable () async -> Void {
    let site = EndpointSite(name: name, fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    self.init(wrappedValue: { site.report() })
  }

  /// An endpoint returning nothing that reports until overridden (0 arguments).
  public init(
    _ name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == @Sendable () -> Void {
    let site = EndpointSite(name: name, fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    self.init(wrappedValue: { site.report() })
  }

  /// An asynchronous endpoint returning nothing that reports until overridden (1 argument).
  public init<A>(
    _ name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == @Sendable (A) async -> Void {
    let site = EndpointSite(name: name, fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    self.init(wrappedValue: { _ in site.report() })
  }

  /// An endpoint returning nothing that reports until overridden (1 argument).
  public init<A>(
    _ name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == @Sendable (A) -> Void {
    let site = EndpointSite(name: name, fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    self.init(wrappedValue: { _ in site.report() })
  }

  /// An asynchronous endpoint returning nothing that reports until overridden (2 arguments).
  public init<A, B>(
    _ name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == @Sendable (A, B) async -> Void {
    let site = EndpointSite(name: name, fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    self.init(wrappedValue: { _, _ in site.report() })
  }

  /// An endpoint returning nothing that reports until overridden (2 arguments).
  public init<A, B>(
    _ name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == @Sendable (A, B) -> Void {
    let site = EndpointSite(name: name, fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    self.init(wrappedValue: { _, _ in site.report() })
  }

  /// An asynchronous endpoint returning nothing that reports until overridden (3 arguments).
  public init<A, B, C>(
    _ name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == @Sendable (A, B, C) async -> Void {
    let site = EndpointSite(name: name, fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    self.init(wrappedValue: { _, _, _ in site.report() })
  }

  /// An endpoint returning nothing that reports until overridden (3 arguments).
  public init<A, B, C>(
    _ name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == @Sendable (A, B, C) -> Void {
    let site = EndpointSite(name: name, fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    self.init(wrappedValue: { _, _, _ in site.report() })
  }

  /// An asynchronous endpoint returning nothing that reports until overridden (4 arguments).
  public init<A, B, C, D>(
    _ name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == @Sendable (A, B, C, D) async -> Void {
    let site = EndpointSite(name: name, fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    self.init(wrappedValue: { _, _, _, _ in site.report() })
  }

  /// An endpoint returning nothing that reports until overridden (4 arguments).
  public init<A, B, C, D>(
    _ name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == @Sendable (A, B, C, D) -> Void {
    let site = EndpointSite(name: name, fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    self.init(wrappedValue: { _, _, _, _ in site.report() })
  }

  /// An asynchronous endpoint returning nothing that reports until overridden (5 arguments).
  public init<A, B, C, D, E>(
    _ name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == @Sendable (A, B, C, D, E) async -> Void {
    let site = EndpointSite(name: name, fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    self.init(wrappedValue: { _, _, _, _, _ in site.report() })
  }

  /// An endpoint returning nothing that reports until overridden (5 arguments).
  public init<A, B, C, D, E>(
    _ name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == @Sendable (A, B, C, D, E) -> Void {
    let site = EndpointSite(name: name, fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    self.init(wrappedValue: { _, _, _, _, _ in site.report() })
  }
}
