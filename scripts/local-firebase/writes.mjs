import {
  deleteAt,
  fieldFromProto,
  fieldsFromProtoMap,
  getAt,
  makeField,
  parseFieldPath,
  setAt,
  timestampFromDate,
} from './fields.mjs';
import { GrpcError, Status } from './grpc-error.mjs';

// A commit's writes applied to the emulator's state, and aggregation queries' results.

function numericValue(field) {
  return field && (field.type === 'integer_value' || field.type === 'double_value')
    ? field.value
    : null;
}

function numericField(value, ...operands) {
  return operands.every((f) => f.type === 'integer_value') && Number.isSafeInteger(value)
    ? makeField.integer(value)
    : makeField.double(value);
}

function applyTransform(fields, transform, date) {
  const segments = parseFieldPath(transform.field_path);
  const current = getAt(fields, segments);
  let next;
  if (transform.has_set_to_server_value) {
    if (transform.set_to_server_value !== 1) {
      throw new GrpcError(Status.INVALID_ARGUMENT, 'Unsupported server value');
    }
    next = makeField.timestamp(timestampFromDate(date));
  } else if (transform.has_increment || transform.has_maximum || transform.has_minimum) {
    const operand = fieldFromProto(
      transform.has_increment
        ? transform.increment
        : transform.has_maximum
          ? transform.maximum
          : transform.minimum,
    );
    const a = numericValue(current);
    const b = numericValue(operand);
    if (b === null) throw new GrpcError(Status.INVALID_ARGUMENT, 'Numeric transform operand');
    if (a === null) {
      next = operand;
    } else if (transform.has_increment) {
      next = numericField(a + b, current, operand);
    } else if (transform.has_maximum) {
      next = b > a ? operand : current;
    } else {
      next = b < a ? operand : current;
    }
  } else if (transform.has_append_missing_elements) {
    const values = current?.type === 'array_value' ? [...current.value] : [];
    for (const element of transform.append_missing_elements.values.map(fieldFromProto)) {
      if (!values.some((v) => v.eq(element))) values.push(element);
    }
    next = makeField.array(values);
  } else if (transform.has_remove_all_from_array) {
    const remove = transform.remove_all_from_array.values.map(fieldFromProto);
    const values = current?.type === 'array_value' ? current.value : [];
    next = makeField.array(values.filter((v) => !remove.some((r) => r.eq(v))));
  } else {
    throw new GrpcError(Status.INVALID_ARGUMENT, 'Unsupported field transform');
  }
  return setAt(fields, segments, next);
}

/** count/sum/avg over the documents a query matched (count's up_to bounds the count). */
export function aggregateFields(docs, aggregations) {
  const result = {};
  for (const aggregation of aggregations) {
    if (aggregation.has_count) {
      const upTo = aggregation.count.has_up_to ? Number(aggregation.count.up_to.value) : Infinity;
      result[aggregation.alias] = { integer_value: Math.min(docs.length, upTo) };
      continue;
    }
    const field = aggregation.has_sum ? aggregation.sum.field : aggregation.avg.field;
    const numbers = docs
      .map((d) => d.getField(field.field_path))
      .filter((f) => f && (f.type === 'integer_value' || f.type === 'double_value'));
    const total = numbers.reduce((sum, f) => sum + Number(f.value), 0);
    if (aggregation.has_sum) {
      const allIntegers = numbers.every((f) => f.type === 'integer_value');
      result[aggregation.alias] =
        allIntegers && Number.isSafeInteger(total)
          ? { integer_value: total }
          : { double_value: total };
    } else {
      result[aggregation.alias] =
        numbers.length === 0 ? { null_value: 0 } : { double_value: total / numbers.length };
    }
  }
  return result;
}

function notFound(path) {
  return new GrpcError(Status.NOT_FOUND, `No document to update: ${path}`);
}

/**
 * Applies a commit atomically with Firestore's semantics. The emulator's own writer merges on
 * set() (never replaces), ignores FieldValue.delete(), applies only the first of several
 * transforms and keeps the writes before a failing one; this one does none of that.
 */
export function applyWrites(state, writes, date) {
  const snapshots = new Map();
  const events = [];
  const results = [];
  try {
    for (const write of writes) {
      if (write.has_transform) {
        throw new GrpcError(Status.UNIMPLEMENTED, 'Standalone transform writes are not supported');
      }
      const path = write.has_delete ? write.delete : write.update.name;
      const doc = state.getDocument(path);
      if (!snapshots.has(doc)) snapshots.set(doc, { fields: doc.fields, metadata: doc.metadata });
      const exists = doc.metadata.hasExist;

      if (write.has_current_document) {
        const pre = write.current_document;
        if (pre.has_exists) {
          if (pre.exists && !exists) throw notFound(path);
          if (!pre.exists && exists) {
            throw new GrpcError(Status.ALREADY_EXISTS, `Document already exists: ${path}`);
          }
        }
        if (pre.has_update_time) {
          const expected = pre.update_time.seconds * 1000 + Math.floor(pre.update_time.nanos / 1e6);
          if (!exists || doc.metadata.updatedAt.getTime() !== expected) {
            throw new GrpcError(Status.FAILED_PRECONDITION, `Update time mismatch: ${path}`);
          }
        }
      }

      if (write.has_delete) {
        if (exists) {
          doc.fields = {};
          doc.metadata = { hasExist: false, createdAt: null, updatedAt: null };
          events.push(['delete-document', doc]);
        }
      } else {
        const incoming = fieldsFromProtoMap(write.update.fields);
        let fields;
        if (write.has_update_mask) {
          fields = exists ? doc.fields : {};
          for (const maskPath of write.update_mask.field_paths) {
            const segments = parseFieldPath(maskPath);
            const value = getAt(incoming, segments);
            fields =
              value === undefined ? deleteAt(fields, segments) : setAt(fields, segments, value);
          }
        } else {
          fields = incoming;
        }
        for (const transform of write.update_transforms) {
          fields = applyTransform(fields, transform, date);
        }
        doc.fields = fields;
        doc.metadata = exists
          ? { hasExist: true, createdAt: doc.metadata.createdAt, updatedAt: date }
          : { hasExist: true, createdAt: date, updatedAt: date };
        events.push([exists ? 'update-document' : 'create-document', doc]);
      }
      results.push({ update_time: timestampFromDate(date), transform_results: [] });
    }
  } catch (error) {
    for (const [doc, snapshot] of snapshots) {
      doc.fields = snapshot.fields;
      doc.metadata = snapshot.metadata;
    }
    throw error;
  }
  for (const [event, document] of events) state.emitter.emit(event, { document });
  return results;
}
