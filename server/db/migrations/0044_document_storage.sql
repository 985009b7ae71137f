-- PDF, PNG and JPEG are compressed already: keep the bytes uncompressed, so a download reads them in parts
-- (substring of an EXTERNAL value reads only the part's pages) and never holds the API's loop for the whole file.
-- Rows written before keep their storage until rewritten; their parts are still read correctly, only slower.
ALTER TABLE "distribution_protocol_documents" ALTER COLUMN "content" SET STORAGE EXTERNAL;
