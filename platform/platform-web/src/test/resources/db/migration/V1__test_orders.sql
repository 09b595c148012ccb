create table test_order (
    id        text    primary key,
    principal text    not null,
    item      text    not null,
    quantity  integer not null
);
