/// A target of a manifest, and what its dependencies list: Ambient's products (as `.product(…)`
/// calls, or by the name of a declaration of the manifest's own), and the package's own targets
/// (by name).
struct ManifestTarget {
  /// `target`, `executableTarget` or `testTarget`.
  let kind: String
  let name: String
  /// Each Ambient product it lists, and where.
  let products: [(name: String, range: Range<Int>)]
  /// Each of the package's targets it lists by name, and where.
  let targets: [(name: String, range: Range<Int>)]

  var isTest: Bool { kind == "testTarget" }

  /// Whether it lists Ambient's product `name`.
  func lists(_ name: String) -> Bool { products.contains { $0.name == name } }

  /// The manifest's targets that have a literal name, in masked `code` and in `text`.
  static func all(code: String, text: String, ambientIdentity: String) -> [ManifestTarget] {
    let ambientProducts = ManifestCall.all("product", code: code, text: text).compactMap { call in
      call.argument("package")?.value.lowercased() == ambientIdentity.lowercased()
        ? call.argument("name").map { (name: $0.value, range: call.range) } : nil
    }
    // The declarations that name a product, and where the targets list them.
    let aliasUses = ambientProducts.compactMap { product in
      ProductAlias(declaring: product.range, code: code).map {
        (name: product.name, uses: $0.listedUses(in: code) ?? [])
      }
    }
    var targets: [ManifestTarget] = []
    for kind in ["target", "executableTarget", "testTarget"] {
      for call in ManifestCall.all(kind, code: code, text: text) {
        guard let name = call.argument("name")?.value else { continue }
        var products = ambientProducts.filter { call.range.contains($0.range.lowerBound) }
        for alias in aliasUses {
          products += alias.uses.filter { call.range.contains($0.lowerBound) }.map { (alias.name, $0) }
        }
        let names = Pattern(#""(\w+)""#).matches(in: call.text).map { match in
          (
            name: call.text.utf16Text(match.groups[0]!),
            range: call.range.lowerBound + match.range.lowerBound..<call.range.lowerBound + match.range.upperBound
          )
        }
        targets.append(
          ManifestTarget(
            kind: kind, name: name, products: products, targets: names.filter { code.isListElement($0.range) }))
      }
    }
    return targets
  }

  /// The names of the targets among `targets` that link Ambient, directly or through one
  /// another.
  static func linkingAmbient(_ targets: [ManifestTarget]) -> Set<String> {
    var linking = Set(targets.filter { !$0.isTest && $0.lists("Ambient") }.map(\.name))
    while let next = targets.first(where: { target in
      !target.isTest && !linking.contains(target.name) && target.targets.contains { linking.contains($0.name) }
    }) {
      linking.insert(next.name)
    }
    return linking
  }
}
