// Package layout holds no code, only the test that keeps the package layering
// of DESIGN.md §4: a core package that grows a dependency it should not have
// fails the build's tests.
package layout
