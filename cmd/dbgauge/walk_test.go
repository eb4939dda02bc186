package main

import (
	"io/fs"
	"os"
	"path/filepath"
)

// walkFiles calls fn with the content of every file under dir.
func walkFiles(dir string, fn func(path string, data []byte)) error {
	return filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		fn(path, data)
		return nil
	})
}
