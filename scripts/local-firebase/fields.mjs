import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { FirestoreState } = require('@firestore-emulator/server');
const { Write } = require('@firestore-emulator/proto/dist/google/firestore/v1/write');

/**
 * The emulator's field classes are not exported, and its dist bundles each carry their own copy
 * (so `instanceof` fails across copies). Capturing the constructors from a scratch document
 * written through the same bundle gives classes the emulator's own code recognises.
 */
function captureFieldClasses() {
  const scratch = new FirestoreState();
  const name = 'projects/scratch/databases/(default)/documents/scratch/doc';
  scratch.writeV1Document(
    new Date(),
    Write.fromObject({
      update: {
        name,
        fields: {
          string_value: { string_value: '' },
          null_value: { null_value: 0 },
          boolean_value: { boolean_value: true },
          integer_value: { integer_value: 1 },
          double_value: { double_value: 0.5 },
          timestamp_value: { timestamp_value: { seconds: 0, nanos: 0 } },
          bytes_value: { bytes_value: new Uint8Array() },
          reference_value: { reference_value: name },
          geo_point_value: { geo_point_value: { latitude: 0, longitude: 0 } },
          array_value: { array_value: { values: [] } },
          map_value: { map_value: { fields: {} } },
        },
      },
    }),
  );
  const fields = scratch.getDocument(name).fields;
  const classes = {};
  for (const [type, field] of Object.entries(fields)) {
    if (field.type !== type) throw new Error(`Unexpected emulator field class for ${type}`);
    classes[type] = field.constructor;
  }
  return classes;
}

export const FieldClass = captureFieldClasses();

export const makeField = {
  string: (value) => new FieldClass.string_value(value),
  null: () => new FieldClass.null_value(),
  boolean: (value) => new FieldClass.boolean_value(value),
  integer: (value) => new FieldClass.integer_value(value),
  double: (value) => new FieldClass.double_value(value),
  timestamp: (value) => new FieldClass.timestamp_value(value),
  bytes: (value) => new FieldClass.bytes_value(value),
  reference: (value) => new FieldClass.reference_value(value),
  geoPoint: (value) => new FieldClass.geo_point_value(value),
  array: (values) => new FieldClass.array_value(values),
  map: (record) => new FieldClass.map_value(record),
};

export function timestampFromDate(date) {
  const ms = date.getTime();
  return { seconds: Math.floor(ms / 1000), nanos: (((ms % 1000) + 1000) % 1000) * 1_000_000 };
}

/** Converts a google.firestore.v1.Value message into an emulator field. */
export function fieldFromProto(value) {
  if (value.has_string_value) return makeField.string(value.string_value);
  if (value.has_null_value) return makeField.null();
  if (value.has_boolean_value) return makeField.boolean(value.boolean_value);
  if (value.has_integer_value) return makeField.integer(Number(value.integer_value));
  if (value.has_double_value) return makeField.double(value.double_value);
  if (value.has_timestamp_value) {
    return makeField.timestamp({
      seconds: Number(value.timestamp_value.seconds),
      nanos: value.timestamp_value.nanos,
    });
  }
  if (value.has_bytes_value) return makeField.bytes(Uint8Array.from(value.bytes_value));
  if (value.has_reference_value) return makeField.reference(value.reference_value);
  if (value.has_geo_point_value) {
    return makeField.geoPoint({
      latitude: value.geo_point_value.latitude,
      longitude: value.geo_point_value.longitude,
    });
  }
  if (value.has_array_value) return makeField.array(value.array_value.values.map(fieldFromProto));
  if (value.has_map_value) return makeField.map(fieldsFromProtoMap(value.map_value.fields));
  throw new Error('Unsupported Firestore value');
}

export function fieldsFromProtoMap(map) {
  const record = {};
  for (const [key, value] of map.entries()) record[key] = fieldFromProto(value);
  return record;
}

/** JSON form used on disk: one key naming the type, as in Firestore's REST API. */
export function fieldToJson(field) {
  switch (field.type) {
    case 'string_value':
      return { stringValue: field.value };
    case 'null_value':
      return { nullValue: null };
    case 'boolean_value':
      return { booleanValue: field.value };
    case 'integer_value':
      return { integerValue: field.value };
    case 'double_value':
      return { doubleValue: Number.isFinite(field.value) ? field.value : String(field.value) };
    case 'timestamp_value':
      return { timestampValue: { seconds: field.value.seconds, nanos: field.value.nanos } };
    case 'bytes_value':
      return { bytesValue: Buffer.from(field.value).toString('base64') };
    case 'reference_value':
      return { referenceValue: field.value };
    case 'geo_point_value':
      return {
        geoPointValue: { latitude: field.value.latitude, longitude: field.value.longitude },
      };
    case 'array_value':
      return { arrayValue: field.value.map(fieldToJson) };
    case 'map_value':
      return { mapValue: fieldsToJson(field.value) };
    default:
      throw new Error(`Unknown field type ${field.type}`);
  }
}

export function fieldsToJson(record) {
  const out = {};
  for (const [key, field] of Object.entries(record)) out[key] = fieldToJson(field);
  return out;
}

function fail(message) {
  throw new Error(`Invalid stored value: ${message}`);
}

function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function fieldFromJson(json) {
  if (!isObject(json)) fail(JSON.stringify(json));
  const keys = Object.keys(json);
  if (keys.length !== 1) fail(JSON.stringify(json));
  const [kind] = keys;
  const value = json[kind];
  switch (kind) {
    case 'stringValue':
      if (typeof value !== 'string') fail('stringValue');
      return makeField.string(value);
    case 'nullValue':
      return makeField.null();
    case 'booleanValue':
      if (typeof value !== 'boolean') fail('booleanValue');
      return makeField.boolean(value);
    case 'integerValue':
      if (!Number.isInteger(value)) fail('integerValue');
      return makeField.integer(value);
    case 'doubleValue':
      if (typeof value === 'number') return makeField.double(value);
      if (['NaN', 'Infinity', '-Infinity'].includes(value)) return makeField.double(Number(value));
      return fail('doubleValue');
    case 'timestampValue':
      if (!isObject(value) || !Number.isInteger(value.seconds) || !Number.isInteger(value.nanos)) {
        fail('timestampValue');
      }
      return makeField.timestamp({ seconds: value.seconds, nanos: value.nanos });
    case 'bytesValue':
      if (typeof value !== 'string') fail('bytesValue');
      return makeField.bytes(new Uint8Array(Buffer.from(value, 'base64')));
    case 'referenceValue':
      if (typeof value !== 'string') fail('referenceValue');
      return makeField.reference(value);
    case 'geoPointValue':
      if (
        !isObject(value) ||
        typeof value.latitude !== 'number' ||
        typeof value.longitude !== 'number'
      ) {
        fail('geoPointValue');
      }
      return makeField.geoPoint({ latitude: value.latitude, longitude: value.longitude });
    case 'arrayValue':
      if (!Array.isArray(value)) fail('arrayValue');
      return makeField.array(value.map(fieldFromJson));
    case 'mapValue':
      return makeField.map(fieldsFromJson(value));
    default:
      return fail(`unknown type ${kind}`);
  }
}

export function fieldsFromJson(json) {
  if (!isObject(json)) fail('fields must be an object');
  const out = {};
  for (const [key, value] of Object.entries(json)) out[key] = fieldFromJson(value);
  return out;
}

/** Splits a Firestore field path (`a.b`, `` `odd.key`.c ``) into its segments. */
export function parseFieldPath(path) {
  const segments = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < path.length; i += 1) {
    const char = path[i];
    if (quoted) {
      if (char === '\\' && i + 1 < path.length) {
        i += 1;
        current += path[i];
      } else if (char === '`') {
        quoted = false;
      } else {
        current += char;
      }
    } else if (char === '`') {
      quoted = true;
    } else if (char === '.') {
      segments.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  segments.push(current);
  return segments;
}

export function getAt(record, segments) {
  let current = record;
  for (let i = 0; i < segments.length; i += 1) {
    const field = Object.hasOwn(current, segments[i]) ? current[segments[i]] : undefined;
    if (field === undefined) return undefined;
    if (i === segments.length - 1) return field;
    if (field.type !== 'map_value') return undefined;
    current = field.value;
  }
  return undefined;
}

export function setAt(record, segments, value) {
  const [head, ...rest] = segments;
  const copy = { ...record };
  if (rest.length === 0) {
    copy[head] = value;
    return copy;
  }
  const child = Object.hasOwn(record, head) ? record[head] : undefined;
  const childRecord = child?.type === 'map_value' ? child.value : {};
  copy[head] = makeField.map(setAt(childRecord, rest, value));
  return copy;
}

export function deleteAt(record, segments) {
  const [head, ...rest] = segments;
  if (!Object.hasOwn(record, head)) return record;
  const copy = { ...record };
  if (rest.length === 0) {
    delete copy[head];
    return copy;
  }
  const child = record[head];
  if (child.type !== 'map_value') return record;
  copy[head] = makeField.map(deleteAt(child.value, rest));
  return copy;
}
