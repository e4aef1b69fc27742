/* fatekit page bundle of sources 45de62e436c8f42019dd3f5c92882ec0aca592718b19ada6c3ca2ad0c8304d28 */
import{E as a,F as b,G as c,H as d,I as e,J as f,K as g,L as h,M as i,N as j}from"./chunk-L7TTHCOO.js";export{a as app,f as errorText,c as notify,g as pressed,d as redraw,e as ruleReason,j as send,i as showError,h as showErrorBeside,b as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
