package kv

import (
	"errors"

	"github.com/dbgauge/dbgauge/db"
)

// errNotFound is a read that found no record it should have found.
var errNotFound = &db.Error{Class: db.NotFound, Err: errors.New("record not found")}
