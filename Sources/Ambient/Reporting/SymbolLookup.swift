#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Finds a symbol among the images loaded into this process, so that Ambient can reach the
/// test frameworks without linking them.
enum SymbolLookup {
  /// The address of `symbol`, or `nil` when no loaded image exports it.
  // Sound because `dlsym` only looks the name up: the address is returned untyped, and each
  // caller argues the type it gives it. On Darwin -2 is `RTLD_DEFAULT`, which Swift does not
  // import (a C macro that casts).
  static func address(of symbol: String) -> UnsafeMutableRawPointer? {
    #if canImport(Darwin)
    return dlsym(UnsafeMutableRawPointer(bitPattern: -2), symbol)  // RTLD_DEFAULT
    #elseif canImport(Glibc) || canImport(Musl)
    return dlsym(processHandle.pointer, symbol)
    #else
    return nil
    #endif
  }

  #if canImport(Glibc) || canImport(Musl)
  // @unchecked: the process handle is immutable and dlsym is thread-safe.
  // Sound because the handle of the program itself (`dlopen(nil)`) is never closed, so it stays
  // valid for the process.
  private struct Handle: @unchecked Sendable { let pointer: UnsafeMutableRawPointer? }
  private static let processHandle = Handle(pointer: dlopen(nil, RTLD_NOW))
  #endif
}
