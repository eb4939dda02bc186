package widetable

import (
	"context"
	"errors"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	mongoopts "go.mongodb.org/mongo-driver/v2/mongo/options"

	"github.com/dbgauge/dbgauge/dataset/mongostore"
	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/workload"
)

// mongoCollections are the tables as collections with the same three
// indexes: unique (id, seq) for the primary key, unique (id, col3, col4,
// col5), and (id, col9 descending, col14).
func mongoCollections(c *config) mongostore.Collections {
	var colls mongostore.Collections
	for n := int64(1); n <= c.tables; n++ {
		// Named explicitly: FerretDB derives clashing names otherwise.
		name := func(suffix string, unique bool) *mongoopts.IndexOptionsBuilder {
			o := mongoopts.Index().SetName(tableName(n) + "_" + suffix)
			if unique {
				o.SetUnique(true)
			}
			return o
		}
		colls = append(colls, mongostore.Collection{
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
	return colls
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

// mongoSession is a connection to MongoDB.
type mongoSession struct {
	db    *mongo.Database
	class func(error) error
}

func (*mongoSession) Close(context.Context) error { return nil }

// runMongo is Run on MongoDB.
func (u *user) runMongo(ctx context.Context, m *mongoSession) error {
	in, t := u.in, u.table
	coll := m.db.Collection(tableName(t))
	if in.w.insert {
		mark := u.tx.Begin()
		_, err := coll.InsertOne(ctx, document(in.p.Seed, t, u.row))
		err = m.class(err)
		u.tx.End(opInsert, mark, err)
		return err
	}
	k, _ := rowKeys(in.p.Seed, t, u.row)
	for _, q := range []struct {
		op     workload.OpID
		filter bson.D
	}{
		{opByPK, bson.D{{Key: "id", Value: k.id}, {Key: "seq", Value: k.seq}}},
		{opByUnique, bson.D{{Key: "id", Value: k.id}, {Key: "col3", Value: k.col3}, {Key: "col4", Value: k.col4}, {Key: "col5", Value: k.col5}}},
		{opByIndex, bson.D{{Key: "id", Value: k.id}, {Key: "col9", Value: k.col9}, {Key: "col14", Value: k.col14}}},
	} {
		mark := u.tx.Begin()
		_, err := coll.FindOne(ctx, q.filter).Raw()
		if errors.Is(err, mongo.ErrNoDocuments) {
			err = &db.Error{Class: db.NotFound, Err: fmt.Errorf("%s found no document in %s", ops[q.op].Name, tableName(t))}
		} else {
			err = m.class(err)
		}
		u.tx.End(q.op, mark, err)
		if err != nil {
			return err
		}
	}
	return nil
}
