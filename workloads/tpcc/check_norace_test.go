//go:build !race

package tpcc

// raceDetector is true in a test binary built with -race.
const raceDetector = false
