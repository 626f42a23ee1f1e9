// express and compression ship without types here (remix-serve's dependencies); the console server
// uses them only as remix-serve did.
declare module "express";
declare module "compression";
// proxy-addr (express's dependency) compiles TMS_TRUST_PROXY for the request id's trusted proxy.
declare module "proxy-addr";
