#ifndef AMBIENT_TESTING_BOOTSTRAP_H
#define AMBIENT_TESTING_BOOTSTRAP_H
// Intentionally empty: this target only contributes a load-time constructor.
#endif
