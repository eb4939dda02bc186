package widetable

import (
	"context"
	"errors"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	mongoopts "go.mongodb.org/mongo-driver/v2/mongo/options"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
	"github.com/dbgauge/dbgauge/workloads/mongoset"
)

// mongoDataset is the tables as collections with the same three indexes:
// unique (id, seq) for the primary key, unique (id, col3, col4, col5), and
// (id, col9 descending, col14).
func mongoDataset(c *config, owner string) *mongoset.Dataset {
	ds := &mongoset.Dataset{DatasetName: "widetable", Workload: owner, ShapeValues: c.shape()}
	for n := int64(1); n <= c.tables; n++ {
		// Named explicitly: FerretDB derives clashing names otherwise.
		name := func(suffix string, unique bool) *mongoopts.IndexOptionsBuilder {
			o := mongoopts.Index().SetName(tableName(n) + "_" + suffix)
			if unique {
				o.SetUnique(true)
			}
			return o
		}
		ds.Collections = append(ds.Collections, mongoset.Collection{
			Name: tableName(n), Rows: c.tableSize, BatchRows: batchRows,
			Indexes: []mongo.IndexModel{
				{Keys: bson.D{{Key: "id", Value: 1}, {Key: "seq", Value: 1}}, Options: name("pk", true)},
				{Keys: bson.D{{Key: "id", Value: 1}, {Key: "col3", Value: 1}, {Key: "col4", Value: 1}, {Key: "col5", Value: 1}}, Options: name("uk", true)},
				{Keys: bson.D{{Key: "id", Value: 1}, {Key: "col9", Value: -1}, {Key: "col14", Value: 1}}, Options: name("ix", false)},
			},
			Batch: func(seed uint64, b int64) []any {
				first, last := b*batchRows, min((b+1)*batchRows, c.tableSize)
				docs := make([]any, 0, last-first)
				for r := first; r < last; r++ {
					docs = append(docs, document(seed, n, r))
				}
				return docs
			},
		})
	}
	return ds
}

// document is row r of table t as a document; col15 gets the study's default.
func document(seed uint64, t, r int64) bson.D {
	vals := row(seed, t, r)
	d := make(bson.D, 0, len(columns)+1)
	for i, col := range columns {
		d = append(d, bson.E{Key: col, Value: vals[i]})
	}
	return append(d, bson.E{Key: "col15", Value: epoch})
}

// mongoWorker is the worker on MongoDB.
type mongoWorker struct {
	in    *instance
	r     *randgen.Rand
	m     workload.Meter
	db    *mongo.Database
	class func(error) error
}

func (w *mongoWorker) Event(ctx context.Context) error {
	t := w.r.Uniform(1, w.in.c.tables)
	coll := w.db.Collection(tableName(t))
	if w.in.w.insert {
		r := w.in.next[t-1].Add(1) - 1
		mark := w.m.Begin()
		_, err := coll.InsertOne(ctx, document(w.in.p.Seed, t, r))
		err = w.class(err)
		w.m.End(opInsert, mark, err)
		return err
	}
	r := w.r.Uniform(0, w.in.c.selectRange()-1)
	k, _ := rowKeys(w.in.p.Seed, t, r)
	for _, q := range []struct {
		op     workload.OpID
		filter bson.D
	}{
		{opByPK, bson.D{{Key: "id", Value: k.id}, {Key: "seq", Value: k.seq}}},
		{opByUnique, bson.D{{Key: "id", Value: k.id}, {Key: "col3", Value: k.col3}, {Key: "col4", Value: k.col4}, {Key: "col5", Value: k.col5}}},
		{opByIndex, bson.D{{Key: "id", Value: k.id}, {Key: "col9", Value: k.col9}, {Key: "col14", Value: k.col14}}},
	} {
		mark := w.m.Begin()
		_, err := coll.FindOne(ctx, q.filter).Raw()
		if errors.Is(err, mongo.ErrNoDocuments) {
			err = &db.Error{Class: db.NotFound, Err: fmt.Errorf("%s found no document in %s", ops[q.op].Name, tableName(t))}
		} else {
			err = w.class(err)
		}
		w.m.End(q.op, mark, err)
		if err != nil {
			return err
		}
	}
	return nil
}

func (w *mongoWorker) Close(context.Context) error { return nil }
