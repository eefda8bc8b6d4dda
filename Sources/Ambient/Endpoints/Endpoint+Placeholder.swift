// One overload per arity (0 to 5 arguments) because a parameter-pack closure cannot be stored
// in a property of generic type: the compiler cannot agree on its calling convention.

extension Endpoint {
  /// An asynchronous endpoint that reports and returns `placeholder` until overridden (0 arguments).
  public init<R: Sendable>(
    _ name: String? = nil,
    placeholder: R,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == @Sendable () async -> R {
    let site = EndpointSite(name: name, fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    self.init(wrappedValue: { site.report(); return placeholder })
  }

  /// An endpoint that reports and returns `placeholder` until overridden (0 arguments).
  public init<R: Sendable>(
    _ name: String? = nil,
    placeholder: R,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == @Sendable () -> R {
    let site = EndpointSite(name: name, fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    self.init(wrappedValue: { site.report(); return placeholder })
  }

  /// An asynchronous endpoint that reports and returns `placeholder` until overridden (1 argument).
  public init<A, R: Sendable>(
    _ name: String? = nil,
    placeholder: R,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == @Sendable (A) async -> R {
    let site = EndpointSite(name: name, fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    self.init(wrappedValue: { _ in site.report(); return placeholder })
  }

  /// An endpoint that reports and returns `placeholder` until overridden (1 argument).
  public init<A, R: Sendable>(
    _ name: String? = nil,
    placeholder: R,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == @Sendable (A) -> R {
    let site = EndpointSite(name: name, fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    self.init(wrappedValue: { _ in site.report(); return placeholder })
  }

  /// An asynchronous endpoint that reports and returns `placeholder` until overridden (2 arguments).
  public init<A, B, R: Sendable>(
    _ name: String? = nil,
    placeholder: R,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == @Sendable (A, B) async -> R {
    let site = EndpointSite(name: name, fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    self.init(wrappedValue: { _, _ in site.report(); return placeholder })
  }

  /// An endpoint that reports and returns `placeholder` until overridden (2 arguments).
  public init<A, B, R: Sendable>(
    _ name: String? = nil,
    placeholder: R,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == @Sendable (A, B) -> R {
    let site = EndpointSite(name: name, fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    self.init(wrappedValue: { _, _ in site.report(); return placeholder })
  }

  /// An asynchronous endpoint that reports and returns `placeholder` until overridden (3 arguments).
  public init<A, B, C, R: Sendable>(
    _ name: String? = nil,
    placeholder: R,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == @Sendable (A, B, C) async -> R {
    let site = EndpointSite(name: name, fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    self.init(wrappedValue: { _, _, _ in site.report(); return placeholder })
  }

  /// An endpoint that reports and returns `placeholder` until overridden (3 arguments).
  public init<A, B, C, R: Sendable>(
    _ name: String? = nil,
    placeholder: R,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == @Sendable (A, B, C) -> R {
    let site = EndpointSite(name: name, fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    self.init(wrappedValue: { _, _, _ in site.report(); return placeholder })
  }

  /// An asynchronous endpoint that reports and returns `placeholder` until overridden (4 arguments).
  public init<A, B, C, D, R: Sendable>(
    _ name: String? = nil,
    placeholder: R,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == @Sendable (A, B, C, D) async -> R {
    let site = EndpointSite(name: name, fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    self.init(wrappedValue: { _, _, _, _ in site.report(); return placeholder })
  }

  /// An endpoint that reports and returns `placeholder` until overridden (4 arguments).
  public init<A, B, C, D, R: Sendable>(
    _ name: String? = nil,
    placeholder: R,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == @Sendable (A, B, C, D) -> R {
    let site = EndpointSite(name: name, fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    self.init(wrappedValue: { _, _, _, _ in site.report(); return placeholder })
  }

  /// An asynchronous endpoint that reports and returns `placeholder` until overridden (5 arguments).
  public init<A, B, C, D, E, R: Sendable>(
    _ name: String? = nil,
    placeholder: R,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == @Sendable (A, B, C, D, E) async -> R {
    let site = EndpointSite(name: name, fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    self.init(wrappedValue: { _, _, _, _, _ in site.report(); return placeholder })
  }

  /// An endpoint that reports and returns `placeholder` until overridden (5 arguments).
  public init<A, B, C, D, E, R: Sendable>(
    _ name: String? = nil,
    placeholder: R,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == @Sendable (A, B, C, D, E) -> R {
    let site = EndpointSite(name: name, fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    self.init(wrappedValue: { _, _, _, _, _ in site.report(); return placeholder })
  }
}
