package catalog

import (
	"strings"
	"testing"
)

// An unavailable database must not be one the catalog has a driver for.
func TestUnavailableHaveNoDriver(t *testing.T) {
	for _, u := range Unavailable() {
		for _, d := range Drivers() {
			if strings.EqualFold(d.Name(), u[0]) {
				t.Errorf("%s is listed as unavailable but has the driver %s", u[0], d.Name())
			}
		}
		if u[1] == "" {
			t.Errorf("%s: no reason given", u[0])
		}
	}
}
