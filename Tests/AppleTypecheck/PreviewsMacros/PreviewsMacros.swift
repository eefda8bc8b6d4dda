// A stand-in for Xcode's `PreviewsMacros` plugin, which ships only with Xcode, so that the
// Apple typecheck (`run.sh`) compiles `#Preview` on Linux instead of stopping at "plugin not
// found". Not built by SwiftPM: `run.sh` builds it against the toolchain's own SwiftSyntax
// (lib/swift/host) and loads it into the user files' compiles with `-load-plugin-library`.
//
// The compiler type-checks a macro's arguments against the SDK's declaration of `#Preview`
// before it expands it, so the traits, the preview's name and the body are checked as Xcode
// checks them. The expansion is what Apple documents `DeveloperToolsSupport.Preview`'s
// initialisers for ("Preview macros expand into a declaration that calls this initializer"): a
// `PreviewRegistry` whose `makePreview()` calls `Preview(name, traits: …, body:)`, available from
// iOS 17, where `Preview` is. Attributes written on `#Preview` (`@available(iOS 18.0, *)`)
// apply to it (SE-0397). Xcode's own expansion is not public; this one has its documented shape.
import SwiftSyntax
import SwiftSyntaxMacros

/// `#Preview { … }` of SwiftUI: the body is a `@ViewBuilder` closure returning `any View`.
public struct SwiftUIView: DeclarationMacro {
  public static func expansion(
    of node: some FreestandingMacroExpansionSyntax,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    [registry(of: node, in: context, content: "@SwiftUI.ViewBuilder", returning: "any SwiftUI.View")]
  }
}

/// `#Preview { … }` of UIKit: the body returns a `UIViewController` or a `UIView`.
public struct KitViewMacro: DeclarationMacro {
  public static func expansion(
    of node: some FreestandingMacroExpansionSyntax,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    [registry(of: node, in: context, content: nil, returning: nil)]
  }
}

/// The registry type the preview canvas finds, calling `Preview`'s initialiser with the macro's
/// own arguments. The body becomes a static function (a `@ViewBuilder` one for SwiftUI) or,
/// for UIKit, a closure whose type the initialiser's overloads decide.
private func registry(
  of node: some FreestandingMacroExpansionSyntax,
  in context: some MacroExpansionContext,
  content builder: String?,
  returning type: String?
) -> DeclSyntax {
  let name = context.makeUniqueName("PreviewRegistry")
  let arguments = node.arguments.map { argument in
    argument.with(\.trailingComma, nil).trimmedDescription
  }
  let body = node.trailingClosure?.statements.trimmedDescription ?? ""
  let location = context.location(of: node)
  let call: String
  let helper: String
  if let builder, let type {
    call = "DeveloperToolsSupport.Preview(\((arguments + ["body: content"]).joined(separator: ", ")))"
    helper = """
      @MainActor \(builder) private static func content() -> \(type) {
        \(body)
      }
      """
  } else {
    call = "DeveloperToolsSupport.Preview(\(arguments.joined(separator: ", "))) {\n\(body)\n}"
    helper = ""
  }
  let members = """
    static let fileID: String = \(location?.file.trimmedDescription ?? "\"\"")
      static let line: Int = \(location?.line.trimmedDescription ?? "0")
      static let column: Int = \(location?.column.trimmedDescription ?? "0")
      @MainActor static func makePreview() throws -> DeveloperToolsSupport.Preview {
        \(call)
      }
      \(helper)
    """
  // Before the iOS 18 SDK, `makePreview()` is not main-actor in the protocol, and `Preview`'s
  // initialisers are: the registry conforms `@preconcurrency`, as a Swift 6 type does to a
  // protocol that predates concurrency.
  return """
    #if canImport(SwiftUI, _version: 6.0)
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
    struct \(name): DeveloperToolsSupport.PreviewRegistry {
      \(raw: members)
    }
    #else
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
    struct \(name): @preconcurrency DeveloperToolsSupport.PreviewRegistry {
      \(raw: members)
    }
    #endif
    """
}
