package kv

import (
	"context"
	"errors"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	mongoopts "go.mongodb.org/mongo-driver/v2/mongo/options"

	"github.com/dbgauge/dbgauge/dataset/mongostore"
)

// mongoCollections is the records as documents {_id: key, field0: …} in the
// collection usertable, as YCSB's MongoDB binding stores them.
func mongoCollections(c *config) mongostore.Collections {
	return mongostore.Collections{{Name: table, Rows: c.records, BatchRows: 1000,
		Batch: func(seed uint64, b int64) []any {
			first, last := b*1000, min((b+1)*1000, c.records)
			docs := make([]any, 0, last-first)
			for n := first; n < last; n++ {
				docs = append(docs, document(keyName(n), values(seed, c, n)))
			}
			return docs
		}}}
}

func document(key string, vals []string) bson.D {
	d := make(bson.D, 0, len(vals)+1)
	d = append(d, bson.E{Key: "_id", Value: key})
	for i, v := range vals {
		d = append(d, bson.E{Key: fieldName(i), Value: v})
	}
	return d
}

type mongoStore struct {
	coll     *mongo.Collection
	classify func(error) error
}

func (s *mongoStore) read(ctx context.Context, key string) (bool, error) {
	_, err := s.coll.FindOne(ctx, bson.D{{Key: "_id", Value: key}}).Raw()
	if errors.Is(err, mongo.ErrNoDocuments) {
		return false, nil
	}
	return err == nil, s.classify(err)
}

func (s *mongoStore) update(ctx context.Context, key string, field int, value string) error {
	_, err := s.coll.UpdateOne(ctx, bson.D{{Key: "_id", Value: key}},
		bson.D{{Key: "$set", Value: bson.D{{Key: fieldName(field), Value: value}}}})
	return s.classify(err)
}

func (s *mongoStore) insert(ctx context.Context, keys []string, vals [][]string) error {
	docs := make([]any, len(keys))
	for i, k := range keys {
		docs[i] = document(k, vals[i])
	}
	_, err := s.coll.InsertMany(ctx, docs)
	return s.classify(err)
}

func (s *mongoStore) scan(ctx context.Context, key string, n int64) (int, error) {
	cur, err := s.coll.Find(ctx, bson.D{{Key: "_id", Value: bson.D{{Key: "$gte", Value: key}}}},
		mongoopts.Find().SetSort(bson.D{{Key: "_id", Value: 1}}).SetLimit(n))
	if err != nil {
		return 0, s.classify(err)
	}
	defer cur.Close(ctx)
	rows := 0
	for cur.Next(ctx) {
		rows++
	}
	return rows, s.classify(cur.Err())
}

func (s *mongoStore) count(ctx context.Context) (int64, error) {
	n, err := s.coll.CountDocuments(ctx, bson.D{})
	return n, s.classify(err)
}

func (s *mongoStore) close() {}
