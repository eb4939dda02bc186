// Package mongoset is the dataset machinery of workloads on MongoDB (the
// document counterpart of sqlset): a stamp per dataset in the collection
// dbgauge_datasets, detection of same-named collections dbgauge did not
// create, parallel batch loading with InsertMany, indexes built after the
// load, and a cleanup that drops only stamped collections.
//
// mongoset imports bench, db and load.
package mongoset

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/load"
	"github.com/dbgauge/dbgauge/workload"
)

// StampCollection holds one document per prepared dataset.
const StampCollection = "dbgauge_datasets"

// Conn is the ability of a MongoDB connection.
type Conn interface {
	Database() *mongo.Database
	Classify(error) error
}

// Open asserts that c is a MongoDB connection.
func Open(c db.Conn) (Conn, error) {
	m, ok := c.(Conn)
	if !ok {
		return nil, &db.UnsupportedError{Workload: "this workload", Needs: "MongoDB", Driver: "this database"}
	}
	return m, nil
}

// Collection is one collection of a dataset.
type Collection struct {
	Name      string
	Indexes   []mongo.IndexModel
	Rows      int64
	BatchRows int64
	// Batch returns the documents of batch i: a pure function of (seed, i).
	Batch func(seed uint64, i int64) []any
}

// Dataset is a workload.Dataset over MongoDB collections.
type Dataset struct {
	DatasetName, Workload string
	ShapeValues           map[string]string
	Collections           []Collection
}

var _ workload.Dataset = (*Dataset)(nil)

func (s *Dataset) Name() string             { return s.DatasetName }
func (s *Dataset) Shape() map[string]string { return s.ShapeValues }
func (s *Dataset) Objects() []string {
	var names []string
	for _, c := range s.Collections {
		names = append(names, c.Name)
	}
	return names
}

type stampDoc struct {
	ID    string `bson:"_id"`
	Stamp string `bson:"stamp"`
}

func readStamps(ctx context.Context, m Conn) ([]*db.Stamp, error) {
	cur, err := m.Database().Collection(StampCollection).Find(ctx, bson.D{})
	if err != nil {
		return nil, m.Classify(err)
	}
	var docs []stampDoc
	if err := cur.All(ctx, &docs); err != nil {
		return nil, m.Classify(err)
	}
	out := make([]*db.Stamp, 0, len(docs))
	for _, d := range docs {
		var s db.Stamp
		if err := json.Unmarshal([]byte(d.Stamp), &s); err != nil {
			return nil, fmt.Errorf("the stamp of %s is unreadable: %w", d.ID, err)
		}
		out = append(out, &s)
	}
	return out, nil
}

func writeStamp(ctx context.Context, m Conn, s *db.Stamp) error {
	b, err := json.Marshal(s)
	if err != nil {
		return err
	}
	_, err = m.Database().Collection(StampCollection).ReplaceOne(ctx, bson.D{{Key: "_id", Value: s.Dataset}},
		stampDoc{ID: s.Dataset, Stamp: string(b)}, options.Replace().SetUpsert(true))
	return m.Classify(err)
}

// Check implements workload.Dataset.
func (s *Dataset) Check(ctx context.Context, conn db.Conn) (workload.State, error) {
	m, err := Open(conn)
	if err != nil {
		return workload.State{}, err
	}
	stamps, err := readStamps(ctx, m)
	if err != nil {
		return workload.State{}, err
	}
	existing, err := m.Database().ListCollectionNames(ctx, bson.D{})
	if err != nil {
		return workload.State{}, m.Classify(err)
	}
	return workload.NewState(s.DatasetName, s.Objects(), stamps, func(name string) (bool, error) {
		return slices.Contains(existing, name), nil
	})
}

// Prepare implements workload.Dataset.
func (s *Dataset) Prepare(ctx context.Context, env workload.PrepareEnv) error {
	m, err := Open(env.Conn)
	if err != nil {
		return err
	}
	stamp := &db.Stamp{Dataset: s.DatasetName, Workload: s.Workload, Shape: s.ShapeValues, Objects: s.Objects(),
		Info: map[string]string{"seed": fmt.Sprint(env.Seed), "dbgauge": env.Version}, CreatedAt: time.Now().UTC().Format(time.RFC3339)}
	if err := writeStamp(ctx, m, stamp); err != nil {
		return err
	}
	for _, c := range s.Collections {
		if err := m.Database().Collection(c.Name).Drop(ctx); err != nil {
			return m.Classify(err)
		}
	}
	var jobs []load.Table[db.Conn]
	for _, c := range s.Collections {
		jobs = append(jobs, load.Table[db.Conn]{Name: c.Name, Rows: c.Rows, BatchRows: c.BatchRows,
			Load: func(ctx context.Context, conn db.Conn, b int64) (int64, error) {
				lm, err := Open(conn)
				if err != nil {
					return 0, err
				}
				docs := c.Batch(env.Seed, b)
				_, err = lm.Database().Collection(c.Name).InsertMany(ctx, docs, options.InsertMany().SetOrdered(false))
				return int64(len(docs)), lm.Classify(err)
			}})
	}
	if err := load.Run(ctx, jobs, env.Parallel, env.Open, env.Progress); err != nil {
		return err
	}
	for _, c := range s.Collections {
		if len(c.Indexes) > 0 {
			if _, err := m.Database().Collection(c.Name).Indexes().CreateMany(ctx, c.Indexes); err != nil {
				return fmt.Errorf("indexes of %s: %w", c.Name, m.Classify(err))
			}
		}
	}
	stamp.Complete = true
	return writeStamp(ctx, m, stamp)
}

// Cleanup implements workload.Dataset: it drops the stamped collections only.
func (s *Dataset) Cleanup(ctx context.Context, conn db.Conn) ([]string, error) {
	m, err := Open(conn)
	if err != nil {
		return nil, err
	}
	stamps, err := readStamps(ctx, m)
	if err != nil {
		return nil, err
	}
	var dropped []string
	others := 0
	for _, sp := range stamps {
		if sp.Dataset != s.DatasetName {
			others++
			continue
		}
		for _, name := range sp.Objects {
			if err := m.Database().Collection(name).Drop(ctx); err != nil {
				return dropped, m.Classify(err)
			}
			dropped = append(dropped, name)
		}
		if _, err := m.Database().Collection(StampCollection).DeleteOne(ctx, bson.D{{Key: "_id", Value: s.DatasetName}}); err != nil {
			return dropped, m.Classify(err)
		}
	}
	if others == 0 && len(dropped) > 0 {
		if err := m.Database().Collection(StampCollection).Drop(ctx); err != nil {
			return dropped, m.Classify(err)
		}
	}
	return dropped, nil
}
