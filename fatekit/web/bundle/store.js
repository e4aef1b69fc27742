/* fatekit page bundle of sources 757e98fb0a464def9a4bb41b54c65e95161b4e979c040d7e2d4be48f02694cbd */
import{F as a,G as b,H as c,I as d,J as e,K as f,L as g,M as h,N as i,O as j}from"./chunk-AM3O263B.js";export{a as app,f as errorText,c as notify,g as pressed,d as redraw,e as ruleReason,j as send,i as showError,h as showErrorBeside,b as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
