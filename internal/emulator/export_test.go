package emulator

import "time"

// DefaultSeedTime is a fixed instant for seed tests.
var DefaultSeedTime = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
