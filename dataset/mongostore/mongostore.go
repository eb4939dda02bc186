// Package mongostore is the MongoDB adapter of the dataset lifecycle: the
// stamp store over the collection dbgauge_datasets (one document per dataset,
// {_id: dataset, stamp: JSON}), and collections loaded with unordered
// InsertMany, their indexes built after the load. Conn is the ability of a
// MongoDB connection that workloads assert too.
//
// mongostore imports dataset and db (and the MongoDB Go driver). It owns no
// lifecycle (that is dataset's) and must not import a dbgauge driver or a
// workload.
package mongostore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"github.com/dbgauge/dbgauge/dataset"
	"github.com/dbgauge/dbgauge/db"
)

// StampCollection holds one document per prepared dataset. Cleanup drops it
// with the last dataset.
const StampCollection = "dbgauge_datasets"

// Conn is the ability of a MongoDB connection: its database and the
// driver's error classification.
type Conn interface {
	Database() *mongo.Database
	Classify(error) error
}

// Store is dataset.Store over a MongoDB connection.
type Store struct{ m Conn }

var _ dataset.Store = (*Store)(nil)

// New returns the stamp store of m.
func New(m Conn) *Store { return &Store{m: m} }

type stampDoc struct {
	ID    string `bson:"_id"`
	Stamp string `bson:"stamp"`
}

func (s *Store) stamps() *mongo.Collection { return s.m.Database().Collection(StampCollection) }

func decode(d stampDoc) (*db.Stamp, error) {
	var st db.Stamp
	if err := json.Unmarshal([]byte(d.Stamp), &st); err != nil {
		return nil, fmt.Errorf("the stamp of %s is unreadable: %w", d.ID, err)
	}
	return &st, nil
}

// Stamp implements dataset.Store.
func (s *Store) Stamp(ctx context.Context, name string) (*db.Stamp, error) {
	var d stampDoc
	err := s.stamps().FindOne(ctx, bson.D{{Key: "_id", Value: name}}).Decode(&d)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read the stamp of %s: %w", name, s.m.Classify(err))
	}
	return decode(d)
}

// Stamps implements dataset.Store.
func (s *Store) Stamps(ctx context.Context) ([]*db.Stamp, error) {
	cur, err := s.stamps().Find(ctx, bson.D{})
	if err != nil {
		return nil, fmt.Errorf("read stamps: %w", s.m.Classify(err))
	}
	var docs []stampDoc
	if err := cur.All(ctx, &docs); err != nil {
		return nil, fmt.Errorf("read stamps: %w", s.m.Classify(err))
	}
	out := make([]*db.Stamp, 0, len(docs))
	for _, d := range docs {
		st, err := decode(d)
		if err != nil {
			return nil, err
		}
		out = append(out, st)
	}
	return out, nil
}

// WriteStamp implements dataset.Store.
func (s *Store) WriteStamp(ctx context.Context, st *db.Stamp) error {
	b, err := json.Marshal(st)
	if err != nil {
		return fmt.Errorf("encode the stamp of %s: %w", st.Dataset, err)
	}
	_, err = s.stamps().ReplaceOne(ctx, bson.D{{Key: "_id", Value: st.Dataset}},
		stampDoc{ID: st.Dataset, Stamp: string(b)}, options.Replace().SetUpsert(true))
	if err != nil {
		return fmt.Errorf("write the stamp of %s: %w", st.Dataset, s.m.Classify(err))
	}
	return nil
}

// DeleteStamp implements dataset.Store: the stamp collection goes with the
// last stamp, unnamed in reports.
func (s *Store) DeleteStamp(ctx context.Context, name string) ([]string, error) {
	if _, err := s.stamps().DeleteOne(ctx, bson.D{{Key: "_id", Value: name}}); err != nil {
		return nil, fmt.Errorf("delete the stamp of %s: %w", name, s.m.Classify(err))
	}
	err := s.stamps().FindOne(ctx, bson.D{}).Err()
	switch {
	case errors.Is(err, mongo.ErrNoDocuments):
		if err := s.stamps().Drop(ctx); err != nil {
			return nil, fmt.Errorf("drop %s: %w", StampCollection, s.m.Classify(err))
		}
	case err != nil:
		return nil, fmt.Errorf("read stamps: %w", s.m.Classify(err))
	}
	return nil, nil
}

// Find implements dataset.Store: collections of the database.
func (s *Store) Find(ctx context.Context, names []string) ([]string, error) {
	existing, err := s.m.Database().ListCollectionNames(ctx, bson.D{})
	if err != nil {
		return nil, fmt.Errorf("list collections: %w", s.m.Classify(err))
	}
	found := make([]string, len(names))
	for i, n := range names {
		if slices.Contains(existing, n) {
			found[i] = n
		}
	}
	return found, nil
}

// Drop implements dataset.Store: collections in creation order (they do
// not depend on each other).
func (s *Store) Drop(ctx context.Context, names []string) ([]string, error) {
	var dropped []string
	for _, n := range names {
		if err := s.m.Database().Collection(n).Drop(ctx); err != nil {
			return dropped, fmt.Errorf("drop %s: %w", n, s.m.Classify(err))
		}
		dropped = append(dropped, n)
	}
	return dropped, nil
}

// Collection is one collection of a dataset.
type Collection struct {
	Name string
	// Indexes are built once the data is in.
	Indexes   []mongo.IndexModel
	Rows      int64
	BatchRows int64
	// Batch returns the documents of batch i: a pure function of (seed, i).
	Batch func(seed uint64, i int64) []any
}

// Collections is a dataset.Model: MongoDB collections, in creation order.
type Collections []Collection

var _ dataset.Model = Collections(nil)

// Needs implements dataset.Model.
func (Collections) Needs() string { return "MongoDB" }

// Names implements dataset.Model.
func (cs Collections) Names() []string {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = c.Name
	}
	return names
}

// Bind implements dataset.Model: a connection with the Conn ability.
func (Collections) Bind(conn db.Conn) (dataset.Store, bool) {
	m, ok := conn.(Conn)
	if !ok {
		return nil, false
	}
	return New(m), true
}

// Plan implements dataset.Model. A collection needs no creating: the first
// insert (or index) makes it.
func (cs Collections) Plan(db.Conn) ([]dataset.Object, error) {
	objects := make([]dataset.Object, len(cs))
	for i, c := range cs {
		objects[i] = dataset.Object{Name: c.Name, Rows: c.Rows, BatchRows: c.BatchRows}
		if c.Batch != nil {
			objects[i].Load = func(ctx context.Context, conn db.Conn, seed uint64, b int64) (int64, error) {
				m, err := open(conn)
				if err != nil {
					return 0, err
				}
				docs := c.Batch(seed, b)
				if len(docs) == 0 {
					return 0, nil
				}
				_, err = m.Database().Collection(c.Name).InsertMany(ctx, docs, options.InsertMany().SetOrdered(false))
				return int64(len(docs)), m.Classify(err)
			}
		}
		if len(c.Indexes) > 0 {
			objects[i].After = func(ctx context.Context, conn db.Conn) error {
				m, err := open(conn)
				if err != nil {
					return err
				}
				if _, err := m.Database().Collection(c.Name).Indexes().CreateMany(ctx, c.Indexes); err != nil {
					return fmt.Errorf("indexes of %s: %w", c.Name, m.Classify(err))
				}
				return nil
			}
		}
	}
	return objects, nil
}

func open(conn db.Conn) (Conn, error) {
	m, ok := conn.(Conn)
	if !ok {
		return nil, &db.UnsupportedError{Workload: "this dataset", Needs: "MongoDB", Driver: "this database"}
	}
	return m, nil
}
