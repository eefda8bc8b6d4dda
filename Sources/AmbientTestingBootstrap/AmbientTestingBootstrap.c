#include "AmbientTestingBootstrap.h"

// Defined in Swift by AmbientTesting (`@_cdecl("ambient_testing_bootstrap")` in
// Sources/AmbientTesting/TestFrameworkHooks.swift).
extern void ambient_testing_bootstrap(void);

// Runs when the test bundle loads, before XCTest starts its first test, so that the XCTest
// observer sees every test begin. Swift has no load-time initialisers; C does.
__attribute__((constructor)) static void ambient_testing_load(void) {
  ambient_testing_bootstrap();
}
