// express and compression ship without types here (remix-serve's dependencies); the console server
// uses them only as remix-serve did.
declare module "express";
declare module "compression";
